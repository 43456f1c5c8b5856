/** `an` before a vowel sound as our nouns spell it (`an institution contact`, `an email`), `a` otherwise. */
export function indefiniteArticle(noun: string): 'a' | 'an' {
  return /^[aeiou]/i.test(noun.trim()) ? 'an' : 'a';
}
