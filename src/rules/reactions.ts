/**
 * Emoji reactions as a pure function: one reaction per user per emoji. Adding one that is
 * already there, or removing one that is not, changes nothing. An emoji nobody reacts
 * with any more disappears.
 */
export interface Reaction {
  emoji: string;
  users: { user: string; reactedAt: string }[];
}

export function applyReactions(
  reactions: readonly Reaction[],
  added: readonly string[],
  removed: readonly string[],
  user: string,
  now: string,
): Reaction[] {
  const out = reactions.map((r) => ({ emoji: r.emoji, users: [...r.users] }));
  for (const emoji of added) {
    let reaction = out.find((r) => r.emoji === emoji);
    if (!reaction) {
      reaction = { emoji, users: [] };
      out.push(reaction);
    }
    if (!reaction.users.some((u) => u.user === user)) reaction.users.push({ user, reactedAt: now });
  }
  for (const emoji of removed) {
    const reaction = out.find((r) => r.emoji === emoji);
    if (reaction) reaction.users = reaction.users.filter((u) => u.user !== user);
  }
  return out.filter((r) => r.users.length > 0);
}

/** Whether two reaction lists are the same (to skip a write that changes nothing). */
export function sameReactions(a: readonly Reaction[], b: readonly Reaction[]): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
