/** The gates' rules and their order (`contract/gates.ts`): the server applies them to its first answers too. */
export * from '@contract/gates';
