/** The other language's texts: the same keys as the Chinese ones, every value a string. */
export type Texts<T> = { [K in keyof T]: T[K] extends string ? string : Texts<T[K]> };
