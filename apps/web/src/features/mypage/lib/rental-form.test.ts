import type { Member } from '@tabi/contract/booking';
import { describe, expect, it } from 'vitest';
import { initialRentalRows, toRentskiList } from './rental-form.ts';

const member = (seq: string, ageclass: string): Member => ({
  seq,
  sei: '山田',
  mei: '花子',
  birthday: '19900101',
  sex: '2',
  ageclass,
  nationality_id: 1,
  nationality_nm: '日本',
  extended_datas: { extended_participant_fields: {} },
});

describe('rental form', () => {
  it('prefills each participant from rentskiList by seq and drops sizes that are not offered', () => {
    const rows = initialRentalRows({
      memberList: [member('1', '1'), member('2', '2')],
      rentskiList: [
        { seq: '2', model: '2', boots_size: '21.5', wear_size: 'M', accessory: '' },
        { seq: '1', model: '1', boots_size: '26.0', wear_size: 'L', accessory: '' },
      ],
    });
    expect(rows).toEqual([
      { seq: '1', model: '1', boots_size: '26.0', wear_size: 'L' },
      { seq: '2', model: '2', boots_size: '21.5', wear_size: '' },
    ]);
  });

  it('sends only what the rental code asks for', () => {
    const rows = [{ seq: '1', model: '1' as const, boots_size: '26.0', wear_size: 'L' }];
    expect(toRentskiList(rows, '1')).toEqual([
      { seq: '1', model: '1', boots_size: '26.0', wear_size: 'L', accessory: '' },
    ]);
    expect(toRentskiList(rows, '3')).toEqual([
      { seq: '1', model: '', boots_size: '26.0', wear_size: '', accessory: '' },
    ]);
    expect(toRentskiList(rows, '2')).toEqual([{ seq: '1', model: '', boots_size: '', wear_size: 'L', accessory: '' }]);
  });
});
