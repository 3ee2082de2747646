/**
 * Requests about the caller's own searches wait while the caller's identity changes. A first visit signs in
 * anonymously, and the server then moves the searches made with the visitor cookie into the new account: a
 * search submitted, or a status asked, while that sign-in is under way would be made as the visitor and read
 * as the account (or the other way round), and answer "not found".
 */
let settling: Promise<unknown> = Promise.resolve();
let changes = 0;

/** Runs `change` (a sign-in that may move the visitor's searches) with the caller's own requests held until it ends. */
export function changingIdentity<T>(change: () => Promise<T>): Promise<T> {
  changes++;
  const run = change();
  settling = Promise.all([settling, run.catch(() => undefined)]);
  return run;
}

/** Resolves once no identity change is under way. */
export async function identitySettled(): Promise<void> {
  for (let seen = settling; ; seen = settling) {
    await seen;
    if (seen === settling) return;
  }
}

/** How many identity changes have started: a request made before a change may need asking again after it. */
export function identityChanges(): number {
  return changes;
}
