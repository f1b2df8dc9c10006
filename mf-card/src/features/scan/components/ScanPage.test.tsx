import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { getBus, type EventMap } from 'shared-contracts';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { moreText } from '../../../lib/text-more';
import { ScanPage } from './ScanPage';

/** The page at '/'; where it leaves for shows in data-testid="location". */
async function renderScan() {
  await renderRemote(<ScanPage />, {
    route: '/',
    path: '/',
    showLocation: true,
    i18n: { namespaces: [remote, moreText] },
  });
  return screen.findByRole('textbox', { name: 'ICCID or EID' });
}

/** A camera whose tracks record being stopped. */
function fakeCamera(result: 'ok' | 'denied' = 'ok') {
  const track = { stop: jest.fn(), kind: 'video' };
  const stream = { getTracks: () => [track] } as unknown as MediaStream;
  const getUserMedia = jest.fn(async () => {
    if (result === 'denied') throw Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
    return stream;
  });
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return { track, getUserMedia };
}

/** BarcodeDetector that sees nothing until `show(value)`, then that code in every frame. */
function fakeDetector() {
  let codes: Array<{ rawValue: string; format: string }> = [];
  const formats: string[][] = [];
  class FakeBarcodeDetector {
    static getSupportedFormats = async () => ['code_128', 'qr_code', 'data_matrix', 'ean_13'];
    constructor(options?: { formats?: string[] }) {
      formats.push(options?.formats ?? []);
    }
    async detect() {
      return codes;
    }
  }
  Object.assign(window, { BarcodeDetector: FakeBarcodeDetector });
  return { formats, show: (rawValue: string) => void (codes = [{ rawValue, format: 'code_128' }]) };
}

beforeAll(() => {
  // jsdom has no media playback.
  jest.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
});

afterEach(() => {
  delete (window as { BarcodeDetector?: unknown }).BarcodeDetector;
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
});

test('without BarcodeDetector there is no Scan button; a typed ICCID or EID opens its page', async () => {
  fakeCamera();
  const input = await renderScan();
  expect(screen.queryByRole('button', { name: 'Scan the barcode' })).toBeNull();
  expect(screen.getByRole('heading', { name: 'Where do I find the ICCID?' })).toBeVisible();

  await userEvent.click(input);
  await userEvent.paste('8988 0000 0000 0000 0001');
  await userEvent.click(screen.getByRole('button', { name: 'View card' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/2/89880000000000000001');
});

test('an EID opens the eSIM slot; a too-short number is refused with the length message', async () => {
  const seen: Array<EventMap['toast']> = [];
  const stop = getBus().subscribe('toast', (toast) => seen.push(toast));
  const input = await renderScan();
  await userEvent.type(input, '12345');
  await userEvent.click(screen.getByRole('button', { name: 'View card' }));
  expect(seen).toEqual([{ kind: 'error', messageKey: 'index.rulesMessageLength' }]);

  await userEvent.clear(input);
  await userEvent.paste('89049032123456789012345678901234');
  await userEvent.click(screen.getByRole('button', { name: 'View card' }));
  expect(screen.getByTestId('location')).toHaveTextContent('/esim/89049032123456789012345678901234?mode=search');
  stop();
});

test('with a camera and BarcodeDetector, a scanned ICCID stops the camera and opens the card page', async () => {
  const camera = fakeCamera();
  const detector = fakeDetector();
  await renderScan();

  await userEvent.click(screen.getByRole('button', { name: 'Scan the barcode' }));
  expect(await screen.findByRole('dialog', { name: 'Scan the barcode' })).toBeVisible();
  await waitFor(() => expect(camera.getUserMedia).toHaveBeenCalledTimes(1));
  expect(camera.getUserMedia.mock.calls[0]).toEqual([
    expect.objectContaining({ audio: false, video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
  ]);
  expect(detector.formats[0]).toEqual(['code_128', 'ean_13', 'qr_code', 'data_matrix']);

  act(() => detector.show('ICCID 8988 0000 0000 0000 0007'));
  await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/2/89880000000000000007'));
  expect(camera.track.stop).toHaveBeenCalled();
});

test('Cancel closes the camera view and stops its tracks; typed entry still works', async () => {
  const camera = fakeCamera();
  fakeDetector();
  const input = await renderScan();
  await userEvent.click(screen.getByRole('button', { name: 'Scan the barcode' }));
  await screen.findByRole('dialog', { name: 'Scan the barcode' });
  await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Hold the barcode'));
  expect(camera.track.stop).not.toHaveBeenCalled();

  await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(camera.track.stop).toHaveBeenCalledTimes(1);
  expect(input).toHaveValue('');
});

test('a refused camera permission shows a clear message and a way back to typing', async () => {
  fakeCamera('denied');
  fakeDetector();
  await renderScan();
  await userEvent.click(screen.getByRole('button', { name: 'Scan the barcode' }));
  expect(await screen.findByRole('alert')).toHaveTextContent('Camera access was denied');
  await userEvent.click(screen.getByRole('button', { name: 'Type the number instead' }));
  expect(screen.queryByRole('dialog')).toBeNull();
});
