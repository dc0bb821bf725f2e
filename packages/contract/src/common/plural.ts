/**
 * A count with its noun, singular for one ("1 item", "2 items", "0 whole orders"). English only,
 * as every text the spec gives; a noun whose plural is not an added "s" passes it.
 */
export function countNoun(count: number, noun: string, plural = `${noun}s`): string {
  return `${count} ${count === 1 ? noun : plural}`;
}
