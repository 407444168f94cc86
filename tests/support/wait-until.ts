/**
 * Resolves once `condition` holds, checking it every `intervalMs`. There is no deadline of its own: how
 * long a condition takes depends on the machine, and the test's limit ends a wait that never comes true.
 */
export async function waitUntil(
  condition: () => boolean | Promise<boolean>,
  intervalMs = 250,
): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, intervalMs));
}
