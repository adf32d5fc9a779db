/** Die E-Mails an den Käufer, auf Deutsch. */
export default {
  received: {
    subject: 'Wir haben Ihre Angebotsanfrage {{reference}} erhalten - {{company}}',
    hello: 'Guten Tag,',
    thanks: 'vielen Dank für Ihre Angebotsanfrage an {{company}}. Ihre Referenz lautet {{reference}}.',
    askedAbout: 'Ihre Anfrage betrifft:',
    reply:
      'Wir antworten Ihnen per E-Mail mit einem Angebot. Wenn Sie uns dazu schreiben, nennen Sie bitte Ihre Referenz.',
    follow: 'Ihre Anfragen, Angebote und Bestellungen finden Sie unter {{url}}',
    ignore: 'Falls Sie diese Anfrage nicht gesendet haben, können Sie diese E-Mail ignorieren.',
  },
  quoteSent: {
    subject: 'Ihr Angebot {{reference}} (Version {{version}}) von {{company}}',
    hello: 'Guten Tag {{name}},',
    intro: 'anbei unser Angebot zu Ihrer Anfrage {{reference}}, Version {{version}}.',
    total: 'Gesamtbetrag: {{total}}',
    validUntil: 'Gültig bis: {{date}}',
    link: 'Hier können Sie es ansehen, annehmen, ablehnen oder Änderungen erbitten: {{url}}',
    attached: 'Das Angebot liegt als PDF bei.',
  },
};
