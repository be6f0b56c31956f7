import { afterEach, describe, expect, it } from 'vitest';
import { openStores } from '../stores.ts';
import { savePhoto, storedPhotoIds } from '../photos/photo-store.ts';
import { testDatabase } from '../test/database-kind.ts';
import { testConfig } from '../test/test-app.ts';
import { createContentStore } from './content-store.ts';
import { cleanUpPhotos, PHOTO_GRACE_MS } from './photo-cleanup.ts';

const opened: { close: () => Promise<void> }[] = [];
afterEach(async () => {
  for (const stores of opened.splice(0)) await stores.close();
});

const photo = (id: string) => ({
  id,
  sourceWidth: 160,
  sourceHeight: 160,
  files: [{ width: 160 as const, pixels: 160, mediaType: 'image/webp', data: Buffer.from(id) }],
});

const person = (id: string) => ({ name: 'Asha Rao', photo: { id, description: 'Asha, smiling' } });

describe(`the photos' clean-up on ${testDatabase}`, () => {
  it('removes the photos no release or draft names, and spares the ones just uploaded', async () => {
    const stores = await openStores(testConfig());
    opened.push(stores);
    const { storage } = stores;
    const store = createContentStore(storage);
    const long = new Date('2026-11-01T10:00:00Z');
    const now = new Date(long.getTime() + 2 * PHOTO_GRACE_MS);
    for (const id of ['in-a-release', 'in-a-draft', 'unused']) await savePhoto(storage, photo(id), long);
    await savePhoto(storage, photo('just-uploaded'), now);
    await store.storeRelease(
      {
        content: { team: { people: [person('in-a-release')] } } as never,
        changed: ['team'],
        by: 'asha.rao@acme.test',
        at: long,
        rolledBackTo: null,
        pages: [],
        build: null,
        published: [],
      },
      async () => undefined,
    );
    await store.saveDraft(
      {
        key: 'team',
        content: { people: [person('in-a-draft')] },
        by: 'asha.rao@acme.test',
        at: long,
        version: '1.0',
      },
      async () => undefined,
    );

    expect(await cleanUpPhotos(storage, store, now)).toEqual(['unused']);
    expect(await storedPhotoIds(storage.db)).toEqual(['in-a-draft', 'in-a-release', 'just-uploaded']);
  });
});
