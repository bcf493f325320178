// Types of seeded-random.cjs (the seeded generator of the tests and benches).

/** A generator of numbers in [0, 1) from `seed` (mulberry32; the same seed always gives the same numbers). */
export declare function seededRandom(seed: number): () => number;
