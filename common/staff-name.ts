/**
 * The name a reply is signed with, and the name the inbox shows for a staff member wherever it names
 * one (a lead's history, notes), from the staff account's email (accounts have no name of their own):
 * "priya.sharma@acme.in" → "Priya Sharma". Letters of any script are kept; digits and the rest split words.
 */
export function staffNameOf(email: string): string {
  const local = email.split('@')[0] ?? '';
  const words = local
    .split(/[^\p{L}]+/u)
    .filter((word) => word.length > 0)
    .map((word) => `${word.charAt(0).toLocaleUpperCase('en')}${word.slice(1)}`);
  return words.length > 0 ? words.join(' ') : 'Our team';
}
