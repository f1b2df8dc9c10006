import { useEffect, useId, useRef, useState } from 'react';
import styled, { keyframes } from 'styled-components';
import { moreText } from '../../../lib/text-more';
import { extractCardNumber } from '../lib/card-number';
import { barcodeDetectorClass, type BarcodeDetectorLike } from '../lib/scan-support';

// Loaded on demand (its own chunk): only phones that tap Scan download the camera code.

/** 1D codes printed on SIM holders and the 2D codes on eSIM cards and packaging. */
const WANTED_FORMATS = [
  'code_128',
  'code_39',
  'code_93',
  'codabar',
  'itf',
  'ean_13',
  'ean_8',
  'upc_a',
  'upc_e',
  'qr_code',
  'data_matrix',
  'aztec',
  'pdf417',
];
const SCAN_INTERVAL_MS = 180;

type Problem = 'denied' | 'noCamera' | 'failed' | 'unsupported';

const Overlay = styled.div`
  position: fixed;
  inset: 0;
  z-index: 60;
  display: grid;
  grid-template-rows: auto 1fr auto;
  background: #0b0d10;
  color: #fff;
`;
const Video = styled.video`
  position: absolute;
  inset: 0;
  inline-size: 100%;
  block-size: 100%;
  object-fit: cover;
`;
const Top = styled.div`
  position: relative;
  z-index: 1;
  padding: ${({ theme }) => theme.space.lg};
  padding-block-start: calc(${({ theme }) => theme.space.lg} + env(safe-area-inset-top, 0px));
  text-align: center;
  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.font.lg};
  }
`;
const Middle = styled.div`
  position: relative;
  display: grid;
  place-items: center;
  align-content: center;
  gap: ${({ theme }) => theme.space.lg};
  padding-inline: ${({ theme }) => theme.space.xl};
`;
const sweep = keyframes`
  from { inset-block-start: 8%; }
  to { inset-block-start: 88%; }
`;
const Frame = styled.div`
  position: relative;
  inline-size: min(84vw, 340px);
  aspect-ratio: 16 / 9;
  border-radius: ${({ theme }) => theme.radius.md};
  /* Dims everything outside the frame. */
  box-shadow: 0 0 0 100vmax rgba(0, 0, 0, 0.55);
  &::before {
    content: '';
    position: absolute;
    inset: 0;
    border-radius: inherit;
    border: 3px solid transparent;
    background:
      linear-gradient(#07c160, #07c160) top left / 28px 3px,
      linear-gradient(#07c160, #07c160) top left / 3px 28px,
      linear-gradient(#07c160, #07c160) top right / 28px 3px,
      linear-gradient(#07c160, #07c160) top right / 3px 28px,
      linear-gradient(#07c160, #07c160) bottom left / 28px 3px,
      linear-gradient(#07c160, #07c160) bottom left / 3px 28px,
      linear-gradient(#07c160, #07c160) bottom right / 28px 3px,
      linear-gradient(#07c160, #07c160) bottom right / 3px 28px;
    background-repeat: no-repeat;
  }
  > span {
    position: absolute;
    inset-inline: 6%;
    block-size: 2px;
    background: rgba(7, 193, 96, 0.85);
    box-shadow: 0 0 12px #07c160;
    animation: ${sweep} 1.6s ease-in-out infinite alternate;
    @media (prefers-reduced-motion: reduce) {
      animation: none;
      inset-block-start: 50%;
    }
  }
`;
const Hint = styled.p`
  position: relative;
  margin: 0;
  max-inline-size: 320px;
  padding: ${({ theme }) => theme.space.sm} ${({ theme }) => theme.space.md};
  border-radius: ${({ theme }) => theme.radius.md};
  background: rgba(0, 0, 0, 0.55);
  text-align: center;
  line-height: 1.45;
`;
const ProblemBox = styled.div`
  position: relative;
  display: grid;
  gap: ${({ theme }) => theme.space.md};
  max-inline-size: 340px;
  padding: ${({ theme }) => theme.space.xl};
  border-radius: ${({ theme }) => theme.radius.lg};
  background: #1c1f24;
  text-align: center;
  line-height: 1.45;
  p {
    margin: 0;
  }
`;
const Bottom = styled.div`
  position: relative;
  z-index: 1;
  display: grid;
  padding: ${({ theme }) => theme.space.lg};
  padding-block-end: calc(${({ theme }) => theme.space.xl} + env(safe-area-inset-bottom, 0px));
`;
const Cancel = styled.button`
  min-block-size: 52px;
  border: 0;
  border-radius: ${({ theme }) => theme.radius.pill};
  background: #fff;
  color: ${({ theme }) => theme.color.text};
  font: inherit;
  font-weight: 600;
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${({ theme }) => theme.color.focus};
    outline-offset: 3px;
  }
`;

function problemOf(error: unknown): Problem {
  const name = typeof error === 'object' && error !== null ? (error as { name?: unknown }).name : undefined;
  if (name === 'NotAllowedError' || name === 'SecurityError' || name === 'PermissionDeniedError') return 'denied';
  if (name === 'NotFoundError' || name === 'OverconstrainedError' || name === 'DevicesNotFoundError') {
    return 'noCamera';
  }
  return 'failed';
}

async function createDetector(): Promise<BarcodeDetectorLike | null> {
  const Detector = barcodeDetectorClass();
  if (!Detector) return null;
  let formats = WANTED_FORMATS;
  try {
    const supported = await Detector.getSupportedFormats?.();
    if (supported) formats = WANTED_FORMATS.filter((format) => supported.includes(format));
  } catch {
    // Keep the wanted list; the constructor ignores nothing it cannot read.
  }
  if (!formats.length) return null;
  return new Detector({ formats });
}

/**
 * Full-screen camera view: reads barcodes through a frame until one holds a card number, then hands the number
 * over. Cancel, Escape or unmounting stop every camera track.
 */
export default function Scanner({ onResult, onClose }: { onResult: (number: string) => void; onClose: () => void }) {
  const { t } = moreText.useRemoteTranslation();
  const titleId = useId();
  const videoRef = useRef<HTMLVideoElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [starting, setStarting] = useState(true);
  const [unreadable, setUnreadable] = useState(false);
  // The latest callbacks without restarting the camera when the parent re-renders.
  const handlers = useRef({ onResult, onClose });
  handlers.current = { onResult, onClose };

  useEffect(() => {
    let stopped = false;
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopCamera = () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      stream?.getTracks().forEach((track) => track.stop());
      stream = null;
    };

    const start = async () => {
      const detector = await createDetector();
      if (stopped) return;
      if (!detector) {
        setProblem('unsupported');
        setStarting(false);
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          audio: false,
          video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
        });
      } catch (error) {
        if (!stopped) {
          setProblem(problemOf(error));
          setStarting(false);
        }
        return;
      }
      if (stopped) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      const video = videoRef.current;
      if (video) {
        video.srcObject = stream;
        try {
          await video.play();
        } catch {
          // Autoplay of a muted inline video is allowed; a refusal still leaves frames to read on most browsers.
        }
      }
      if (stopped) return;
      setStarting(false);

      const tick = async () => {
        if (stopped || !videoRef.current) return;
        try {
          const codes = await detector.detect(videoRef.current);
          if (stopped) return;
          for (const code of codes) {
            const number = extractCardNumber(code.rawValue ?? '');
            if (number) {
              stopCamera();
              handlers.current.onResult(number);
              return;
            }
          }
          if (codes.length) setUnreadable(true);
        } catch {
          // No frame yet, or a frame the detector could not read: try the next one.
        }
        if (!stopped) timer = setTimeout(() => void tick(), SCAN_INTERVAL_MS);
      };
      void tick();
    };

    void start();
    return stopCamera;
  }, []);

  useEffect(() => {
    cancelRef.current?.focus();
  }, []);

  return (
    <Overlay
      role="dialog"
      aria-modal="true"
      aria-labelledby={titleId}
      data-testid="scanner"
      onKeyDown={(event) => {
        if (event.key === 'Escape') handlers.current.onClose();
        // Cancel is the only control: Tab stays on it instead of reaching the page behind.
        if (event.key === 'Tab') {
          event.preventDefault();
          cancelRef.current?.focus();
        }
      }}
    >
      <Video ref={videoRef} muted playsInline autoPlay aria-hidden="true" data-testid="scanner-video" />
      <Top>
        <h2 id={titleId}>{t('scan.dialog')}</h2>
      </Top>
      <Middle>
        {problem ? (
          <ProblemBox role="alert" data-testid="scanner-problem">
            <p>{t(`scan.problem.${problem}`)}</p>
          </ProblemBox>
        ) : (
          <>
            <Frame aria-hidden="true">
              <span />
            </Frame>
            <Hint role="status" aria-live="polite">
              {starting ? t('scan.starting') : unreadable ? t('scan.noNumber') : t('scan.aim')}
            </Hint>
          </>
        )}
      </Middle>
      <Bottom>
        <Cancel ref={cancelRef} type="button" onClick={() => handlers.current.onClose()} data-testid="scanner-cancel">
          {problem ? t('scan.typeInstead') : t('scan.cancel')}
        </Cancel>
      </Bottom>
    </Overlay>
  );
}
