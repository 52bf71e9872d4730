import { bidiRuns } from './bilingual-pdf';

describe('bidiRuns', () => {
  it('keeps Arabic words together and numbers and Latin apart, in logical order', () => {
    expect(bidiRuns('المسؤولية المدنية حتى 10 ملايين ريال')).toEqual(['المسؤولية المدنية حتى', ' 10 ', 'ملايين ريال']);
    expect(bidiRuns('رقم الوثيقة')).toEqual(['رقم الوثيقة']);
    expect(bidiRuns('SAR 10')).toEqual(['SAR 10']);
  });
});
