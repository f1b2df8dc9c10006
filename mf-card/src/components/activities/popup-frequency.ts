import { activityPopupKey, getStorage, type Popup, type PopupShowState, type SafeStorage } from 'shared-contracts';

// Spec section 4: a pop-up is shown at most showNumber times on this device, and not again within showRule seconds
// of its last show. The count and the last show time (ms) live in local storage under ActivityPopup{id}.

/** The stored show state of one pop-up; a missing or damaged entry counts as never shown. */
export function readPopupState(id: number, storage: SafeStorage = getStorage()): PopupShowState {
  const stored = storage.getJSON<Partial<PopupShowState>>(activityPopupKey(id));
  const showCount = Number(stored?.showCount);
  const showTime = Number(stored?.showTime);
  return {
    showCount: Number.isFinite(showCount) && showCount > 0 ? Math.floor(showCount) : 0,
    showTime: Number.isFinite(showTime) && showTime > 0 ? showTime : 0,
  };
}

/** Whether the pop-up may show now (ms epoch): under its showNumber, and showRule seconds past the last show. */
export function isPopupEligible(popup: Popup, state: PopupShowState, now: number): boolean {
  if (state.showCount >= popup.showNumber) return false;
  if (state.showCount === 0) return true;
  return now - state.showTime >= popup.showRule * 1000;
}

/** The first eligible pop-up of the list (only one is ever shown per visit), or null. */
export function pickPopup(popups: ReadonlyArray<Popup>, now: number, storage: SafeStorage = getStorage()) {
  return popups.find((popup) => isPopupEligible(popup, readPopupState(popup.id, storage), now)) ?? null;
}

/** Counts one show of the pop-up at `now`. */
export function recordPopupShown(id: number, now: number, storage: SafeStorage = getStorage()): PopupShowState {
  const next = { showCount: readPopupState(id, storage).showCount + 1, showTime: now };
  storage.setJSON(activityPopupKey(id), next);
  return next;
}
