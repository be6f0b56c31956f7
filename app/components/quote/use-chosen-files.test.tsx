import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useChosenFiles } from './use-chosen-files';

const file = (name: string, type: string) => new File(['content'], name, { type });

describe('the files a visitor chooses', () => {
  it('are kept at once and in the order chosen, before the code that lists them has loaded', async () => {
    const { result } = renderHook(() => useChosenFiles());
    act(() => result.current.choose([file('brief.pdf', 'application/pdf')]));
    act(() => result.current.choose([file('notes.txt', 'text/plain')]));
    // A send at this moment carries both.
    expect(result.current.files.map(({ name }) => name)).toEqual(['brief.pdf', 'notes.txt']);
    await waitFor(() =>
      expect(result.current.listed.map(({ file }) => file.name)).toEqual(['brief.pdf', 'notes.txt']),
    );
  });
});
