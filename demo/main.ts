import '../src/widget/price/price.js';
import { CURRENCIES } from '../src/contract/currencies.js';
import { SUPPORTED_LOCALES } from '../src/widget/i18n/locales.js';

const rows = document.querySelector('#prices');
for (const currency of CURRENCIES) {
  const row = document.createElement('tr');
  const name = document.createElement('th');
  name.scope = 'row';
  name.textContent = currency;
  row.append(name);
  for (const locale of SUPPORTED_LOCALES) {
    const cell = document.createElement('td');
    const price = document.createElement('pay-price');
    Object.assign(price, { amount: '104.70', currency, locale });
    cell.append(price);
    row.append(cell);
  }
  rows?.append(row);
}
