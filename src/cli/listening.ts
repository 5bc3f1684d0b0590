/**
 * What the server prints when it listens: the address (tests and scripts wait for
 * `listening on URL`), then where a newcomer goes next: the console, and the tokens and ids of
 * the scenario (the manifest).
 */
export function listeningLines(origin: string, scenario: string): string {
  return [
    `gitbook-mock listening on ${origin} (scenario ${scenario})`,
    `  console:        ${origin}/__admin/ui`,
    `  tokens and ids: ${origin}/__admin/manifest`,
    '',
  ].join('\n');
}
