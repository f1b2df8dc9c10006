import { CARD_LIST_ACTIVITY_POSITION, type ApiClient, type CallRequest, type CallResult } from 'shared-contracts';
import { getApiClient } from '../../lib/api-client';

// Activity calls. The card list screen calls them under /eshop/api (spec section 7); other screens under /eshop.
// Failures stay silent (closeMessage): a missing banner must never put an error toast over the page.

const baseFor = (position: string) => (position === CARD_LIST_ACTIVITY_POSITION ? ('api' as const) : undefined);

/** The activity list through a given client: the page's, or the same asked ahead by a route's prefetch. */
export const askActivityList = (
  client: ApiClient,
  request: CallRequest<'getActivityList'>,
): Promise<CallResult<'getActivityList'>> =>
  client.call('getActivityList', request, { closeMessage: true, base: baseFor(request.position) });

export const getActivityList = (request: CallRequest<'getActivityList'>): Promise<CallResult<'getActivityList'>> =>
  askActivityList(getApiClient(), request);

/** Analytics: a banner tap is reported under the banner's title. */
export const reportEvent = (request: CallRequest<'event'>): Promise<CallResult<'event'>> =>
  getApiClient().call('event', request, { closeMessage: true, base: baseFor(request.position ?? '') });

/** The link of an advert resolved with the card's context (gift and recall links carry the ICCID). */
export const activityLinkData = (request: CallRequest<'activityLinkData'>): Promise<CallResult<'activityLinkData'>> =>
  getApiClient().call('activityLinkData', request, { closeMessage: true });
