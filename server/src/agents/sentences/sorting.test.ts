import { orderCheck } from './sorting';

describe('orderCheck', () => {
  it('reads an order check: what is ordered, which way, and by what', () => {
    expect(orderCheck('The products should be sorted by rating, highest first')).toEqual({
      subject: 'products',
      order: 'descending',
      by: 'by rating',
    });
    expect(orderCheck('the comments are in chronological order')).toEqual({
      subject: 'comments',
      order: 'ascending',
      by: 'by date',
    });
    expect(orderCheck('Names are listed A to Z')).toEqual({ subject: 'Names', order: 'ascending' });
    expect(orderCheck('The feed shows the most recent at the top')).toEqual({
      subject: 'feed',
      order: 'descending',
      by: 'by date',
    });
  });

  it('leaves statements about anything else alone', () => {
    expect(orderCheck('The total is 5')).toBeNull();
    expect(orderCheck('The tiles are shown in a grid')).toBeNull();
    expect(orderCheck('The newest badge is shown first')).toBeNull();
  });
});
