import { screen, within } from '@testing-library/react';
import { renderRemote } from 'shared-contracts/testing';
import { remote } from '../../../lib/remote';
import { AgreementPage, PURCHASE_SECTIONS } from './AgreementPage';

describe('purchase agreement (/agreement)', () => {
  it('shows the agreement text in sections, with a link to the auto-renewal agreement', async () => {
    await renderRemote(<AgreementPage />, { route: '/agreement', i18n: { namespaces: [remote] } });
    expect(screen.getByTestId('page-title')).toHaveTextContent('Purchase agreement');
    const headings = screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings).toHaveLength(PURCHASE_SECTIONS.length);
    expect(headings).toEqual(expect.arrayContaining(['What you buy', 'Validity', 'Refunds']));
    const refunds = screen.getByRole('region', { name: 'Refunds' });
    expect(refunds).toHaveTextContent('Within 14 days of purchase');
    expect(screen.getByRole('region', { name: 'Coverage and networks' })).toHaveTextContent('Austria and Australia');
    expect(screen.getByText('Last updated: November 23, 2026')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Auto-renewal agreement' })).toHaveAttribute('href', '/renew/agreement');
    expect(screen.queryByTestId('coming-soon')).toBeNull();
  });

  it('is translated (Arabic)', async () => {
    await renderRemote(<AgreementPage />, { route: '/agreement', i18n: { lang: 'ar', namespaces: [remote] } });
    expect(screen.getByTestId('page-title')).toHaveTextContent('اتفاقية الشراء');
    expect(
      within(screen.getByTestId('agreement-text')).getByRole('heading', { name: 'الاسترداد' }),
    ).toBeInTheDocument();
  });
});
