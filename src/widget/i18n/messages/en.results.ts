/** The result views' own texts in English (keys from the pt-BR source, pt-BR.results.ts). */
import type { ResultMessages } from '../catalogue-shape.js';

const enResults: ResultMessages = {
  'copy.copyCode': 'Copy code',
  'copy.copyLine': 'Copy boleto number',
  'copy.copied': 'Copied!',
  'copy.announce.copied': 'Copied to the clipboard.',
  'copy.announce.selected': 'Text selected. Use your device’s Copy option to copy it.',
  'pix.title': 'Pay with Pix',
  'pix.qr.label': 'Pix QR code to pay {amount}',
  'pix.qr.loading': 'Creating the QR code…',
  'pix.qr.failed': 'The QR code could not be shown. Use the Pix copy-and-paste code.',
  'pix.code.label': 'Pix copy-and-paste code',
  'pix.countdown.label': 'The code expires in',
  'pix.countdown.mark': {
    one: '{count} minute left before the Pix code expires.',
    other: '{count} minutes left before the Pix code expires.',
  },
  'pix.steps.title': 'How to pay',
  'pix.steps.openApp': 'Open your bank’s app and go to Pix.',
  'pix.steps.scan': 'Choose to pay with a QR code and point the camera at the code, or choose Pix copy and paste and paste the code.',
  'pix.steps.confirm': 'Check the amount and the recipient, and confirm the payment.',
  'pix.waiting': 'After paying, stay on this page: the confirmation shows up here in a few moments.',
  'pix.expired.title': 'The Pix code has expired',
  'pix.expired.text': 'This code can no longer be paid. Create a new one to complete your purchase.',
  'pix.expired.newCharge': 'Create a new Pix code',
  'pixAuto.title': 'Authorize Pix Automático',
  'pixAuto.journey.JORNADA_1':
    'An authorization request will be sent to your bank’s app. You can only authorize through that request: open it, check the details of the recurring charges and authorize.',
  'pixAuto.journey.JORNADA_2':
    'Scanning the QR code authorizes the recurring charges in your bank’s app. Nothing is charged now: the charges will be debited on the agreed dates.',
  'pixAuto.journey.JORNADA_3':
    'Scanning the QR code pays the first charge now, and that payment also authorizes the next recurring charges. You cannot pay without authorizing.',
  'pixAuto.journey.JORNADA_4':
    'Scanning the QR code pays the first charge now. Your bank’s app then asks you to authorize the next recurring charges.',
  'pixAuto.journey.other': 'Scanning the QR code in your bank’s app authorizes the recurring charges of this subscription.',
  'pixAuto.access': 'Access is granted after the authorization is confirmed.',
  'pixAuto.waiting': 'Waiting for the authorization to be confirmed. This page updates by itself.',
  'pixAuto.steps.request': 'Open your bank’s app and look for the Pix Automático authorization request in your notifications or in the Pix area.',
  'pixAuto.steps.review': 'Check the details of the recurring charges and confirm the authorization.',
  'pixAuto.terms.title': 'What you authorize',
  'pixAuto.terms.amount': 'Amount of each charge',
  'pixAuto.terms.frequency': 'Frequency',
  'pixAuto.terms.first': 'First charge',
  'pixAuto.terms.next': 'Next charge',
  'pixAuto.terms.count': 'Number of charges',
  'pixAuto.terms.untilCancelled': 'Until you cancel',
  'pixAuto.terms.monthly': 'Monthly',
  'pixAuto.terms.yearly': 'Yearly',
  'pixAuto.terms.everyDays': { one: 'Every day', other: 'Every {count} days' },
  'pixAuto.confirmed.text': 'Your Pix Automático is active.',
  'boleto.title': 'Pay the boleto',
  'boleto.line.label': 'Boleto number (digitable line)',
  'boleto.dueDate': 'Due date: {date}',
  'boleto.pdf': 'Open the boleto PDF',
  'boleto.pdf.newTab': '(opens in a new tab)',
  'boleto.howTo': 'Pay it in your bank’s app or website, at a bank branch or at a lottery outlet, by the due date. Copy the boleto number or open the PDF.',
  'boleto.clearing': 'Banks take 1 to 3 business days to confirm a boleto payment. You do not need to stay on this page.',
  // The amount due and the paid title, which only the Pix, Pix Automático and boleto views show
  // (the order's announcement reads the title too, once the view and its texts are on the page).
  'result.amountDue': 'Amount to pay: {amount}',
  'payment.confirmed': 'Payment confirmed!',
  'pixAuto.confirmed.title': 'Authorization confirmed!',
};

export default enResults;
