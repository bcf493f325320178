/**
 * Registers hooks that make a fresh value with `create` before every test and hand it to `use`,
 * and close it after the test (also when `use` failed).
 */
export function freshForEachTest<T extends { close(): Promise<void> }>(
  create: () => Promise<T>,
  use: (value: T) => void | Promise<void>,
): void {
  let value: T | undefined;
  beforeEach(async () => {
    value = await create();
    await use(value);
  });
  afterEach(async () => {
    await value?.close();
    value = undefined;
  });
}
