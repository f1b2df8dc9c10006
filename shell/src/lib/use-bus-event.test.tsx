import { render, act } from '@testing-library/react';
import { useEffect, useState } from 'react';
import { getBus } from 'shared-contracts';
import { useBusEvent } from './use-bus-event';

function Listener({ onToast }: { onToast: (key: string) => void }) {
  useBusEvent('toast', (toast) => onToast(toast.messageKey));
  return null;
}

// A child rendered after the listener in the same commit, publishing from its mount effect (as a remote does).
function EarlyPublisher() {
  useEffect(() => getBus().publish('toast', { kind: 'warning', messageKey: 'orderCancelled' }), []);
  return null;
}

describe('useBusEvent', () => {
  it('hears what a component of the same first commit publishes from its mount effect', () => {
    const heard: string[] = [];
    render(
      <>
        <EarlyPublisher />
        <Listener onToast={(key) => heard.push(key)} />
      </>,
    );
    expect(heard).toEqual(['orderCancelled']);
  });

  it('calls the latest handler, and stops listening when unmounted', () => {
    const heard: string[] = [];
    function Switching() {
      const [prefix, setPrefix] = useState('a');
      useBusEvent('toast', (toast) => heard.push(`${prefix}:${toast.messageKey}`));
      useBusEvent('auth:changed', () => setPrefix('b'));
      return null;
    }
    const view = render(<Switching />);
    act(() => getBus().publish('toast', { kind: 'info', messageKey: 'one' }));
    act(() => getBus().publish('auth:changed', null));
    act(() => getBus().publish('toast', { kind: 'info', messageKey: 'two' }));
    view.unmount();
    act(() => getBus().publish('toast', { kind: 'info', messageKey: 'three' }));
    expect(heard).toEqual(['a:one', 'b:two']);
  });
});
