import type { RentalStockAnswer } from '@tabi/contract/catalog';
import { RentalCode } from '@tabi/contract/constants';
import { NO_RENTAL, type RentalChoice } from '@tabi/contract/rental';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RentalSelects } from './rental-selects.tsx';

function Harness(props: {
  rentalcd: string;
  ageClass: 'adult' | 'child';
  required: boolean;
  error?: string;
  stock?: RentalStockAnswer;
  kept?: Partial<RentalChoice>;
}) {
  const [choice, setChoice] = useState<RentalChoice>({ ...NO_RENTAL, ...props.kept });
  return (
    <>
      <RentalSelects
        rentalcd={props.rentalcd}
        ageClass={props.ageClass}
        required={props.required}
        errors={{ boots_size: props.error }}
        stock={props.stock}
        kept={props.kept}
        select={(field) => ({
          value: choice[field],
          onChange: (e) => setChoice({ ...choice, [field]: e.currentTarget.value }),
        })}
      />
      <output>{JSON.stringify(choice)}</output>
    </>
  );
}

const optionTexts = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);

afterEach(cleanup);

describe('rental selects', () => {
  it('shows the selects of the rental code with the sizes of the age class', async () => {
    const user = userEvent.setup();
    render(<Harness rentalcd={RentalCode.skiSnowboard} ageClass="child" required />);
    const selects = screen.getAllByRole('combobox');
    expect(selects.map((s) => s.getAttribute('aria-required'))).toEqual(['true', 'true', 'true']);
    expect(optionTexts(screen.getByRole('combobox', { name: 'レンタル' }))).toEqual([
      '選択してください',
      'スキー',
      'スノーボード',
    ]);
    expect(optionTexts(screen.getByRole('combobox', { name: 'ウェア' }))).toEqual([
      '選択してください',
      '90cm',
      '100cm',
      '110cm',
      '120cm',
      '130cm',
    ]);
    const boots = screen.getByRole('combobox', { name: 'ブーツ' });
    expect(optionTexts(boots)).toHaveLength(24);
    expect(screen.getAllByText('必須')).toHaveLength(3);

    await user.selectOptions(boots, '24.5cm');
    expect(screen.getByRole('status').textContent).toBe('{"model":"","boots_size":"24.5","wear_size":""}');
  });

  it('shows only what a wear-only code needs, with adult sizes, none allowed and no badge on the edit screen', () => {
    render(<Harness rentalcd={RentalCode.wear} ageClass="adult" required={false} />);
    const wear = screen.getByRole('combobox', { name: 'ウェア' });
    expect(screen.getAllByRole('combobox')).toEqual([wear]);
    expect(optionTexts(wear)).toEqual(['なし', 'XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(wear.getAttribute('aria-required')).toBeNull();
    expect(screen.queryByText('必須')).toBeNull();
  });

  it('keeps a size the shop has none left of in the list, disabled and marked 在庫なし, but one the traveller holds', async () => {
    const user = userEvent.setup();
    const stock: RentalStockAnswer = { usedate: '20261210', left: { boots_size: { '26.5': 0, '27.0': 3 } } };
    render(
      <Harness
        rentalcd={RentalCode.wearAndBoots}
        ageClass="adult"
        required={false}
        stock={stock}
        kept={{ boots_size: '24.0' }}
      />,
    );
    const boots = screen.getByRole('combobox', { name: 'ブーツ' });
    const option = (name: string) => within(boots).getByRole<HTMLOptionElement>('option', { name });
    // The shop counts boots: a size it does not list has none either, unless it is the traveller's own.
    expect(option('26.5cm（在庫なし）').disabled).toBe(true);
    expect(option('25.0cm（在庫なし）').disabled).toBe(true);
    expect(option('27.0cm').disabled).toBe(false);
    expect(option('24.0cm').disabled).toBe(false);
    // The shop does not count wear: every size is offered.
    const wear = screen.getByRole('combobox', { name: 'ウェア' });
    expect(
      within(wear)
        .getAllByRole<HTMLOptionElement>('option')
        .every((o) => !o.disabled),
    ).toBe(true);
    await user.selectOptions(boots, '27.0cm');
    expect(screen.getByRole('status').textContent).toContain('"boots_size":"27.0"');
  });

  it('ties an error to its select', () => {
    render(<Harness rentalcd={RentalCode.boots} ageClass="adult" required error="ブーツのサイズを選択してください" />);
    const boots = screen.getByRole('combobox', { name: 'ブーツ' });
    expect(boots.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('ブーツのサイズを選択してください');
    expect(boots.getAttribute('aria-describedby')).toBe(error.id);
  });
});
