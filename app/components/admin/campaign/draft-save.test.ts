import { describe, expect, it } from 'vitest';
import { ApiFailure } from '../api';
import { failedSave, saveInTurn } from './draft-save';

describe('failedSave', () => {
  it('says the campaign must be reloaded when it was saved elsewhere meanwhile', () => {
    const failure = new ApiFailure(409, 'stale-version', 'It was changed elsewhere. Reload it to go on.');
    expect(failedSave(failure)).toEqual({
      state: 'stale',
      message: 'It was changed elsewhere. Reload it to go on.',
    });
  });

  it("gives the first field's message of a refused save, else the failure's own", () => {
    const refused = new ApiFailure(400, 'invalid', 'Some fields are not right.', {
      subject: 'The subject can be at most 200 characters.',
    });
    expect(failedSave(refused)).toEqual({
      state: 'error',
      message: 'The subject can be at most 200 characters.',
    });
    expect(failedSave(new ApiFailure(503, 'unavailable', 'The server is busy.'))).toEqual({
      state: 'error',
      message: 'The server is busy.',
    });
  });
});

describe('saveInTurn', () => {
  it('saves again while what is on the page changed during a save, then stops', async () => {
    const running = { current: null };
    let saves = 0;
    // The page changes during the first save: the second one saves it all.
    await saveInTurn(
      running,
      async () => {
        saves += 1;
        return true;
      },
      () => saves >= 2,
    );
    expect(saves).toBe(2);
    expect(running.current).toBeNull();
  });

  it('stops after a save that did not happen (nothing to save, or it failed)', async () => {
    let saves = 0;
    await saveInTurn(
      { current: null },
      async () => {
        saves += 1;
        return false;
      },
      () => false,
    );
    expect(saves).toBe(1);
  });
});
