/** "1 product", "3 products": English nouns that take an s. */
export const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? '' : 's'}`
