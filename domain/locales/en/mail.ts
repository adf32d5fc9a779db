/** The e-mails the buyer receives, in English: the source every other language translates. */
export default {
  received: {
    subject: 'We have your quote request {{reference}} - {{company}}',
    hello: 'Hello,',
    thanks: 'Thank you for your quote request to {{company}}. Your reference is {{reference}}.',
    askedAbout: 'You asked about:',
    reply: 'We will reply with a quote by e-mail. If you write to us about it, please give your reference.',
    follow: 'You can follow your requests, quotes and orders at {{url}}',
    ignore: 'If you did not send this request, you can ignore this e-mail.',
  },
  quoteSent: {
    subject: 'Your quote {{reference}} (version {{version}}) from {{company}}',
    hello: 'Hello {{name}},',
    intro: 'Here is our quote for your request {{reference}}, version {{version}}.',
    total: 'Total: {{total}}',
    validUntil: 'Valid until: {{date}}',
    link: 'See it, accept it, decline it or ask for changes here: {{url}}',
    attached: 'The quote is attached as a PDF.',
  },
};
