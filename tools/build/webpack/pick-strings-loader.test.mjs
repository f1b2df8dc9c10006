// @ts-check
import loader from './pick-strings-loader.cjs';

describe("the early script's strings loader", () => {
  it('keeps only the listed keys of a locale file, nested as they were', () => {
    const source = JSON.stringify({
      pages: { card: { title: 'My card' }, list: { title: 'My cards' } },
      card: { data: 'Data used', dataOf: '{{used}} of {{total}}', buy: 'Buy' },
      status: { activated: 'Activated' },
    });
    const picked = JSON.parse(loader.pickStrings(source, ['pages.card.title', 'card.dataOf', 'status.activated']));
    expect(picked).toEqual({
      pages: { card: { title: 'My card' } },
      card: { dataOf: '{{used}} of {{total}}' },
      status: { activated: 'Activated' },
    });
  });

  it('leaves out keys a language lacks and keys that are not strings', () => {
    const source = JSON.stringify({ card: { data: 'Data used', nested: { a: 'b' } } });
    expect(JSON.parse(loader.pickStrings(source, ['card.missing', 'card.nested', 'card.data.more']))).toEqual({});
  });
});
