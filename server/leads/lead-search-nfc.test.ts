import { describe, expect, it } from 'vitest';
import { api, staffMember } from '../test/admin-client.ts';
import { injectQuote } from '../test/form-request.ts';
import { testApp } from '../test/test-app.ts';

/**
 * Letters with a nukta, each spelled two ways: as a letter of its own and as
 * the letter and the nukta mark. U+095B and U+0A5B are composition exclusions
 * (NFC spells them with the mark); U+0929 is not (NFC makes the letter).
 */
const SPELLINGS = {
  devanagari: { precomposed: '\u095Bोया', combining: '\u091C\u093Cोया' }, // ज़ोया
  gurmukhi: { precomposed: '\u0A5Bਸਪ੍ਰੀਤ', combining: '\u0A1C\u0A3Cਸਪ੍ਰੀਤ' }, // ਜ਼ਸਪ੍ਰੀਤ
  composing: { precomposed: 'मुनि\u0929ा', combining: 'मुनि\u0928\u093Cा' },
};

/** The inbox of an app with these leads, sent through the form; a search gives the ids it lists. */
async function inboxWith(names: string[]) {
  const { app, config } = await testApp();
  for (const name of names) {
    const sent = await injectQuote(app, { name, message: `Message from ${name}` });
    expect(sent.body).toBe('success');
  }
  const staff = await staffMember(app, config);
  return async (query: string) => {
    const reply = await api(app, config, 'GET', `/leads?q=${encodeURIComponent(query)}`, {
      cookie: staff.cookie,
    });
    return (reply.json() as { leads: { id: number }[] }).leads.map((lead) => lead.id).sort();
  };
}

describe('the inbox finds a name however its nukta was typed', () => {
  it.each(Object.entries(SPELLINGS))('%s', async (_script, { precomposed, combining }) => {
    const search = await inboxWith([precomposed, combining, 'Priya Sharma']);
    expect(await search(precomposed)).toEqual([1, 2]);
    expect(await search(combining)).toEqual([1, 2]);
    // The start of a word finds it too, and the message's copy of the name.
    expect(await search(`from ${precomposed.slice(0, 2)}`)).toEqual([1, 2]);
  });
});

describe('the inbox finds text with compatibility forms as it was typed', () => {
  it('finds a full-width name by its own letters, and the plain one too', async () => {
    const search = await inboxWith(['ＡＣＭＥ Traders', 'Acme Shop']);
    expect(await search('ＡＣＭＥ')).toEqual([1, 2]);
    expect(await search('acme')).toEqual([2]);
  });
});
