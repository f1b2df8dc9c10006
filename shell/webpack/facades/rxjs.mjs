// Shared as 'rxjs': the part of RxJS the bus and the screens use (see react-router-dom.mjs for why a list).
// Creation functions that pull in RxJS's schedulers (of, from, merge, takeUntil's innerFrom) are left out until a
// screen needs them: about 2 KB gzip.
export {
  Observable,
  Subject,
  BehaviorSubject,
  Subscription,
  EMPTY,
  filter,
  map,
  take,
  distinctUntilChanged,
  firstValueFrom,
} from '@eshop-impl/rxjs';
