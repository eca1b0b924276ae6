import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadMessages } from '../../../i18n/messages.ts';
import { renderPages } from '../../../test/render-pages.tsx';
import { BirthdayField } from './birthday-field.tsx';

function Birthday({ label }: { label: string }) {
  const [value, setValue] = useState('');
  return (
    <BirthdayField
      label={label}
      value={value}
      onChange={setValue}
      onBlur={() => undefined}
      today="20261202"
      initialMonth="19900101"
    />
  );
}

beforeAll(() => Promise.all([loadMessages('en'), loadMessages('ko')]));

describe('the birthday calendar speaks the page’s language', () => {
  it('in English: month before year, English names and labels, and a picked day written in the field', async () => {
    const user = userEvent.setup();
    renderPages('/x', { '/x': <Birthday label="Date of birth" /> }, 'en');
    await user.click(await screen.findByRole('button', { name: 'Date of birth: pick it from a calendar' }));
    const picker = within(screen.getByRole('group', { name: 'Date of birth: calendar' }));
    const [first, second] = picker.getAllByRole('combobox');
    expect(first?.getAttribute('aria-label')).toBe('Month');
    expect(second?.getAttribute('aria-label')).toBe('Year');
    expect(picker.getByRole('button', { name: 'Next month' })).toBeTruthy();
    expect(document.querySelector('thead th')?.textContent).toBe('Sun');
    await user.selectOptions(picker.getByRole('combobox', { name: 'Month' }), 'May');
    await user.click(picker.getByRole('button', { name: /^15 May 1990/ }));
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: /Date of birth/ }).value).toBe('1990/05/15');
    expect(document.body.textContent).not.toMatch(/[月年日]/);
  });

  it('in Korean: year before month, in Korean', async () => {
    const user = userEvent.setup();
    renderPages('/x', { '/x': <Birthday label="생년월일" /> }, 'ko');
    await user.click(await screen.findByRole('button', { name: '달력에서 생년월일 선택' }));
    const picker = within(screen.getByRole('group', { name: '생년월일 달력' }));
    const [first, second] = picker.getAllByRole('combobox');
    expect(first?.getAttribute('aria-label')).toBe('연도 선택');
    expect(second?.getAttribute('aria-label')).toBe('월 선택');
    expect(picker.getByRole('button', { name: '다음 달' })).toBeTruthy();
    expect(document.querySelector('thead th')?.textContent).toBe('일');
    expect(document.body.textContent).not.toMatch(/[月年]|次の月/);
  });
});
