import {
  cardDisplayName,
  contrastRatio,
  readableTextColor,
  esimCardState,
  expiryText,
  freeSlots,
  gaugePercent,
  isUserGivenName,
  poolDisplayName,
  slotDisplayName,
  statusLabelKey,
} from './display';
import i18next from 'i18next';
import { loadCommon } from './locales';

describe('status labels', () => {
  it('maps the known statuses and leaves others unchanged', () => {
    expect(['Ready', 'ready', 'Activated', 'Suspension', 'Testing'].map(statusLabelKey)).toEqual([
      'status.inventory',
      'status.inventory',
      'status.activated',
      'status.deactivated',
      'Testing',
    ]);
  });

  it('marks install_fail, delete and Suspension as warnings; third-party cards show inventory', () => {
    const base = { action: null, status_str: 'Activated', is_third_party: false } as const;
    expect(esimCardState(base)).toEqual({ labelKey: 'status.activated', warning: false });
    expect(esimCardState({ ...base, status_str: 'Suspension' })).toEqual({
      labelKey: 'status.deactivated',
      warning: true,
    });
    expect(esimCardState({ ...base, action: 'install_fail' })).toEqual({
      labelKey: 'status.installFail',
      warning: true,
    });
    expect(esimCardState({ ...base, action: 'delete' })).toEqual({ labelKey: 'status.deleted', warning: true });
    expect(esimCardState({ ...base, is_third_party: true })).toEqual({ labelKey: 'status.inventory', warning: false });
  });
});

describe('numbers', () => {
  it('gauge is the remaining integer percent, clamped', () => {
    expect(gaugePercent(1000, 0)).toBe(100);
    expect(gaugePercent(1000, 333)).toBe(66);
    expect(gaugePercent(1000, 1000)).toBe(0);
    expect(gaugePercent(1000, 1500)).toBe(0);
    expect(gaugePercent(0, 0)).toBe(0);
  });

  it('free slots never go below 0', () => {
    expect(freeSlots({ total_slot: 8, usage_slot: 3 })).toBe(5);
    expect(freeSlots({ total_slot: 2, usage_slot: 3 })).toBe(0);
  });
});

describe('texts', () => {
  it('prefers the warning over the date', () => {
    expect(expiryText({ warn: '3 days', expire_date: '2030-01-01' })).toEqual({ warn: true, text: '3 days' });
    expect(expiryText({ warn: '', expire_date: '2030-01-01' })).toEqual({ warn: false, text: '2030-01-01' });
  });

  it('gives default names only to unnamed items', () => {
    const t = jest.fn((key: string, options?: Record<string, unknown>) => `${key}|${String(options?.index)}`);
    expect(poolDisplayName('', 2, t)).toBe('common:defaultName.pool|2');
    expect(poolDisplayName(' Family ', 2, t)).toBe('Family');
    expect(slotDisplayName(' ', 1, t)).toBe('common:defaultName.slot|1');
    expect(slotDisplayName('', null, t)).toBe('common:defaultName.slotNoIndex|undefined');
    expect(slotDisplayName('Phone', 1, t)).toBe('Phone');
    expect(t).toHaveBeenCalledTimes(3);
    expect(isUserGivenName(' Family ')).toBe(true);
    expect(isUserGivenName(' ')).toBe(false);
    expect(isUserGivenName(undefined)).toBe(false);
    expect(cardDisplayName('', '8986012345678901234', 'esim')).toBe('eSIM 1234');
    expect(cardDisplayName('', '', 'esim')).toBe('eSIM');
    expect(cardDisplayName('', '898601234567890123F', 'sim')).toBe('SIM 123F');
    expect(cardDisplayName('Trip', '8986012345678901234', 'sim')).toBe('Trip');
  });
});

describe('default names in the page language', () => {
  async function tOf(lang: string) {
    const i18n = i18next.createInstance();
    await i18n.init({
      lng: lang,
      resources: { [lang]: { common: await loadCommon(lang) } },
      interpolation: { escapeValue: false },
      showSupportNotice: false,
    });
    return i18n.getFixedT(lang, 'pool');
  }

  it("are the spec's in English", async () => {
    const t = await tOf('en');
    expect(poolDisplayName('', 2, t)).toBe('Shared Plan 2');
    expect(slotDisplayName('', 3, t)).toBe('eSim Slot 3');
    expect(slotDisplayName('', null, t)).toBe('eSim Slot');
  });

  it('are translated in German and Arabic; a name the user gave stays as it is', async () => {
    const de = await tOf('de');
    expect(poolDisplayName('', 2, de)).toBe('Geteilter Tarif 2');
    expect(slotDisplayName('', 3, de)).toBe('eSIM-Slot 3');
    expect(slotDisplayName('', null, de)).toBe('eSIM-Slot');
    const ar = await tOf('ar');
    expect(poolDisplayName('', 2, ar)).toBe('الخطة المشتركة 2');
    expect(slotDisplayName('', 1, ar)).toBe('فتحة eSIM 1');
    expect(poolDisplayName('Family', 2, ar)).toBe('Family');
  });
});

describe('readable text on colours from data', () => {
  it('measures contrast as WCAG does', () => {
    expect(contrastRatio('#000', '#fff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#07C160', '#FFFFFF')).toBeCloseTo(2.38, 2);
    expect(contrastRatio('red', '#fff')).toBeNull();
  });

  it('keeps a readable colour and replaces an unreadable one', () => {
    expect(readableTextColor('#1F2329', '#FFFFFF')).toBe('#FFFFFF');
    expect(readableTextColor('#07C160', '#FFFFFF')).toBe('#1F2329');
    expect(readableTextColor('#FF4D4F', '#fff')).toBe('#1F2329');
    expect(readableTextColor('#123456', '#234567')).toBe('#FFFFFF');
  });
});
