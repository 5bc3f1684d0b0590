/**
 * Adaptive content: the visitor schema of a site is a JSON schema of boolean claims
 * (top-level ones are signed; those under `unsigned` are not). Template conditions are
 * derived from it, one per claim, as expressions a section or site space can use.
 */

export interface Claim {
  name: string;
  description: string;
  signed: boolean;
}

export interface TemplateCondition {
  description: string;
  condition: string;
}

type Props = Record<string, { description?: unknown; properties?: unknown }>;

/** The claims of a visitor schema already validated for shape, in the schema's order. */
export function claimsOf(jsonSchema: Record<string, unknown>): Claim[] {
  const props = (jsonSchema.properties ?? {}) as Props;
  const out: Claim[] = [];
  for (const [name, value] of Object.entries(props)) {
    if (name === 'unsigned') continue;
    out.push({ name, description: String(value.description ?? ''), signed: true });
  }
  const unsigned = (props.unsigned?.properties ?? {}) as Props;
  for (const [name, value] of Object.entries(unsigned)) {
    out.push({ name, description: String(value.description ?? ''), signed: false });
  }
  return out;
}

/** A property access that works for any claim name (dot form when it is an identifier). */
function access(base: string, name: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(name) ? `${base}.${name}` : `${base}[${JSON.stringify(name)}]`;
}

export function templateConditions(jsonSchema: Record<string, unknown> | undefined): TemplateCondition[] {
  if (!jsonSchema) return [];
  return claimsOf(jsonSchema).map((claim) => {
    const base = claim.signed ? 'visitor.claims' : 'visitor.claims.unsigned';
    const label = claim.description.trim() || claim.name;
    return { description: `Visitors for whom "${claim.name}" is true: ${label}`, condition: `${access(base, claim.name)} === true` };
  });
}
