import { chunked, settleConcurrently } from './concurrently';

describe('settleConcurrently', () => {
  it('runs every item, never more than the limit at once, and keeps the answers in order', async () => {
    let running = 0;
    let most = 0;
    const results = await settleConcurrently([5, 1, 4, 2, 3, 0], 2, async (ms) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running -= 1;
      if (ms === 4) throw new Error('four');
      return ms * 10;
    });
    expect(most).toBe(2);
    expect(results.map((result) => (result.status === 'fulfilled' ? result.value : String(result.reason)))).toEqual([
      50,
      10,
      'Error: four',
      20,
      30,
      0,
    ]);
  });

  it('answers an empty list at once', async () => {
    await expect(settleConcurrently([], 4, async () => 1)).resolves.toEqual([]);
  });
});

describe('chunked', () => {
  it('cuts a list into consecutive pieces of at most the size', () => {
    expect(chunked([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]]);
    expect(chunked([], 3)).toEqual([]);
  });
});
