import { createSafeStorage, getBus, STORAGE_KEYS } from 'shared-contracts';
import { afterLoginPath, endSession, loginPath, startSession } from './session';

const storage = () => createSafeStorage(window.localStorage);
const params = (query: string) => new URLSearchParams(query);

describe('session', () => {
  it('stores the receipt and who it belongs to, then publishes auth:changed; ending clears and publishes null', () => {
    const heard: unknown[] = [];
    getBus().subscribe('auth:changed', (event) => heard.push(event));
    startSession({ token: 't', email: 'a@b.co', user_id: 3 }, storage());
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBe('t');
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_EMAIL)).toBe('a@b.co');
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_ID)).toBe('3');
    endSession(storage());
    expect(window.localStorage.getItem(STORAGE_KEYS.RECEIPT)).toBeNull();
    expect(window.localStorage.getItem(STORAGE_KEYS.USER_ID)).toBeNull();
    expect(heard).toEqual([{ email: 'a@b.co', userId: 3 }, null]);
  });

  it('goes to a same-site redirect first, never back to the login page', () => {
    expect(afterLoginPath(params('redirect=%2Fpool%2Fdetail'), storage())).toBe('/pool/detail');
    expect(afterLoginPath(params('redirect=%2Fuser%2Flogin'), storage())).toBe('/eshop/card/list');
    expect(afterLoginPath(params('redirect=%2F%2Fevil.example'), storage())).toBe('/eshop/card/list');
  });

  it('then to the card page of a waiting purchase (a safe returnPath only), then the card list', () => {
    const store = storage();
    store.setJSON(STORAGE_KEYS.PENDING_GOODS, { returnPath: '/2/89880000000000000001' });
    expect(afterLoginPath(params(''), store)).toBe('/2/89880000000000000001');
    store.setJSON(STORAGE_KEYS.PENDING_GOODS, { returnPath: 'https://evil.example' });
    expect(afterLoginPath(params(''), store)).toBe('/eshop/card/list');
    store.remove(STORAGE_KEYS.PENDING_GOODS);
    store.set(STORAGE_KEYS.BIND_ICCID, '89880000000000000001');
    expect(afterLoginPath(params(''), store)).toBe('/eshop/card/list');
  });

  it('builds the login path with a way back to this site only', () => {
    expect(loginPath('/user/info')).toBe('/user/login?redirect=%2Fuser%2Finfo');
    expect(loginPath('//evil.example')).toBe('/user/login');
  });
});
