// @ts-check
import { integrityOf } from './integrity.mjs';
import { withServerFiles } from './server.mjs';

describe("a remote's server code in its integrity list", () => {
  const browser = { algorithm: 'sha384', files: { 'remoteEntry.js': 'sha384-a', 'mf-manifest.json': 'sha384-b' } };

  it('adds every server script as server/<file> with its hash, beside the browser files, sorted', () => {
    const list = withServerFiles(browser, [
      ['remoteEntry.js', Buffer.from('module.exports = {}')],
      ['12.abcd1234.js', Buffer.from('exports.id = 12')],
    ]);
    expect(Object.keys(list.files)).toEqual([
      'mf-manifest.json',
      'remoteEntry.js',
      'server/12.abcd1234.js',
      'server/remoteEntry.js',
    ]);
    expect(list.files['server/remoteEntry.js']).toBe(integrityOf('module.exports = {}'));
    expect(list.files['remoteEntry.js']).toBe('sha384-a');
    expect(list.algorithm).toBe('sha384');
  });

  it("replaces an earlier server build's files (a file gone from the build is no longer pinned)", () => {
    const first = withServerFiles(browser, [['1.aaaa0000.js', Buffer.from('old')]]);
    const second = withServerFiles(first, [['2.bbbb0000.js', Buffer.from('new')]]);
    expect(Object.keys(second.files).filter((name) => name.startsWith('server/'))).toEqual(['server/2.bbbb0000.js']);
  });
});
