/** How many values one `in (...)` list binds at most: below every database's limit on parameters. */
const MAX_BOUND_VALUES = 500;

/** Runs the statement once per chunk of the values (none for an empty list). */
export async function inChunks<T>(
  values: readonly T[],
  statement: (chunk: T[]) => Promise<unknown>,
): Promise<void> {
  for (let start = 0; start < values.length; start += MAX_BOUND_VALUES) {
    await statement(values.slice(start, start + MAX_BOUND_VALUES));
  }
}
