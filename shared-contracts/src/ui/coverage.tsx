import styled from 'styled-components';
import { type CoverageCountry } from '../schemas/entities';

// Coverage (countries and their networks) as every coverage sheet draws it: the card page's package coverage
// (mf-card) and an eSIM product's (mf-esim).

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  align-content: start;
  li {
    display: grid;
    gap: 2px;
    padding-block: ${({ theme }) => theme.space.md};
    border-block-end: 1px solid ${({ theme }) => theme.color.border};
  }
`;

const Country = styled.span`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space.sm};
  font-weight: 600;
  img {
    inline-size: 24px;
    block-size: 18px;
    object-fit: cover;
    border-radius: 2px;
  }
`;

const Operator = styled.span`
  display: flex;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space.sm};
  padding-inline-start: 32px;
  color: ${({ theme }) => theme.color.textMuted};
  font-size: ${({ theme }) => theme.font.sm};
  b {
    font-weight: 600;
    color: ${({ theme }) => theme.color.primaryDark};
  }
`;

/** Flags only from http(s) addresses or this site's paths; anything else is not loaded. */
export function safeImage(src: string): string | null {
  return /^https?:\/\//i.test(src) || /^\/(?!\/)/.test(src) ? src : null;
}

/** The countries with their flags and, with `operators`, each country's networks and network types. */
export function CoverageCountries({
  countries,
  label,
  operators,
}: {
  countries: readonly CoverageCountry[];
  label: string;
  operators: boolean;
}) {
  return (
    <List aria-label={label} data-testid="coverage-list">
      {countries.map((country) => {
        const img = safeImage(country.img);
        return (
          <li key={country.name} data-testid="coverage-country">
            <Country>
              {img ? <img src={img} alt="" loading="lazy" /> : null}
              <bdi>{country.name}</bdi>
            </Country>
            {operators &&
              country.operators.map((operator) => (
                <Operator key={`${operator.name}-${operator.networkType}`} data-testid="coverage-operator">
                  <bdi>{operator.name}</bdi>
                  <b>{operator.networkType}</b>
                </Operator>
              ))}
          </li>
        );
      })}
    </List>
  );
}
