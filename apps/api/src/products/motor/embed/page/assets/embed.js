// The embedded motor comparison page. Plain browser JavaScript, no dependencies, no build step: it renders
// the offers inlined in the HTML, then walks the customer through price, add-ons, payout IBAN, photos,
// issue OTP and payment link, speaking only to this session's own endpoints (the URL token is the key).
(function () {
  'use strict';

  var TEXTS = {
    en: {
      title: 'Compare car insurance offers',
      subtitle: function (n, f) {
        return n === 1 ? '1 offer for your car' : f + ' offers for your car';
      },
      none: 'No insurer made an offer for this car. Please check the details with the page you came from.',
      waiting: function (n, f) {
        return n === 1 ? 'Waiting for 1 more insurer…' : 'Waiting for ' + f + ' more insurers…';
      },
      show: 'Show',
      all: 'All',
      types: { Comprehensive: 'Comprehensive', 'TPL +': 'Third party plus', TPL: 'Third party' },
      fix: { Agency: 'Agency repair', workshop: 'Workshop repair' },
      from: 'from',
      choosePrice: 'Choose a price',
      deductible: function (v) {
        return 'Deductible ' + v;
      },
      noDeductible: 'No deductible',
      included: 'Included',
      addons: 'Optional add-ons',
      addonsCount: function (n) {
        return n === 1 ? '1 optional add-on: choose a price to see it' : n + ' optional add-ons: choose a price to see them';
      },
      total: 'Total',
      totalNone: 'Choose a price',
      vatNote: 'including VAT',
      cont: 'Continue',
      back: 'Back to offers',
      checkout: 'Your choice',
      company: 'Insurer',
      cover: 'Cover',
      addonsChosen: 'Add-ons',
      none_: 'None',
      iban: 'IBAN for refunds and claims',
      ibanHint: 'SA followed by 22 digits. It is only used to pay you; it is never charged.',
      ibanBad: 'Enter a valid Saudi IBAN: SA followed by 22 digits.',
      photos: 'Photos of your car',
      photosNeeded: 'Comprehensive cover needs five photos of your car.',
      photosOnFile: 'These photos were provided for your car:',
      photosConfirm: 'These are current photos of my car.',
      photosReplace: 'Use other photos',
      photosUpload: 'Upload photos',
      photosUploaded: 'Photos saved.',
      photosHint: 'JPEG or PNG, at most 3 MB each.',
      parts: { front: 'Front', back: 'Back', right: 'Right side', left: 'Left side', chassis: 'Chassis number (VIN)' },
      sendCode: 'Send verification code',
      otpTitle: 'Verify your purchase',
      otpSent: function (p) {
        return 'We sent a 4-digit code to ' + p + '.';
      },
      otp: 'Verification code',
      otpBad: 'Enter the 4-digit code.',
      confirm: 'Confirm and get payment link',
      resend: 'Send a new code',
      resent: 'A new code was sent.',
      doneTitle: 'Your policy is ready for payment',
      policy: function (id) {
        return 'Policy number ' + id;
      },
      pay: 'Pay now',
      backToApp: 'Return to the app',
      expired: 'This page has expired. Please start again from the previous page.',
      failed: 'Something went wrong. Please try again.',
      busy: 'Please wait…',
      sar: function (v) {
        return v + ' SAR';
      },
    },
    ar: {
      title: 'قارن عروض تأمين السيارات',
      subtitle: function (n, f) {
        return n === 1 ? 'عرض واحد لسيارتك' : 'عدد العروض لسيارتك: ' + f;
      },
      none: 'لم تقدّم أي شركة تأمين عرضًا لهذه السيارة. يرجى مراجعة البيانات في الصفحة السابقة.',
      waiting: function (n, f) {
        return 'بانتظار عروض شركات التأمين الأخرى: ' + f;
      },
      show: 'عرض',
      all: 'الكل',
      types: { Comprehensive: 'شامل', 'TPL +': 'ضد الغير بلس', TPL: 'ضد الغير' },
      fix: { Agency: 'إصلاح في الوكالة', workshop: 'إصلاح في الورشة' },
      from: 'يبدأ من',
      choosePrice: 'اختر السعر',
      deductible: function (v) {
        return 'نسبة التحمل ' + v;
      },
      noDeductible: 'بدون نسبة تحمل',
      included: 'مشمول',
      addons: 'إضافات اختيارية',
      addonsCount: function (n) {
        return 'إضافات اختيارية (' + count.format(n) + '): اختر سعرًا لعرضها';
      },
      total: 'الإجمالي',
      totalNone: 'اختر سعرًا',
      vatNote: 'شامل ضريبة القيمة المضافة',
      cont: 'متابعة',
      back: 'العودة إلى العروض',
      checkout: 'اختيارك',
      company: 'شركة التأمين',
      cover: 'التغطية',
      addonsChosen: 'الإضافات',
      none_: 'لا يوجد',
      iban: 'رقم الآيبان للمبالغ المستردة والمطالبات',
      ibanHint: 'SA متبوعًا بـ 22 رقمًا. يُستخدم للدفع لك فقط ولا يُخصم منه أي مبلغ.',
      ibanBad: 'أدخل رقم آيبان سعوديًا صحيحًا: SA متبوعًا بـ 22 رقمًا.',
      photos: 'صور سيارتك',
      photosNeeded: 'يتطلب التأمين الشامل خمس صور لسيارتك.',
      photosOnFile: 'هذه الصور مقدّمة لسيارتك:',
      photosConfirm: 'هذه صور حديثة لسيارتي.',
      photosReplace: 'استخدام صور أخرى',
      photosUpload: 'رفع الصور',
      photosUploaded: 'تم حفظ الصور.',
      photosHint: 'بصيغة JPEG أو PNG، بحد أقصى 3 ميغابايت لكل صورة.',
      parts: { front: 'الأمام', back: 'الخلف', right: 'الجانب الأيمن', left: 'الجانب الأيسر', chassis: 'رقم الهيكل' },
      sendCode: 'إرسال رمز التحقق',
      otpTitle: 'تأكيد الشراء',
      otpSent: function (p) {
        return 'أرسلنا رمزًا من 4 أرقام إلى ' + p + '.';
      },
      otp: 'رمز التحقق',
      otpBad: 'أدخل الرمز المكوّن من 4 أرقام.',
      confirm: 'تأكيد والحصول على رابط الدفع',
      resend: 'إرسال رمز جديد',
      resent: 'تم إرسال رمز جديد.',
      doneTitle: 'وثيقتك جاهزة للدفع',
      policy: function (id) {
        return 'رقم الوثيقة ' + id;
      },
      pay: 'ادفع الآن',
      backToApp: 'العودة إلى التطبيق',
      expired: 'انتهت صلاحية هذه الصفحة. يرجى البدء من جديد من الصفحة السابقة.',
      failed: 'حدث خطأ ما. يرجى المحاولة مرة أخرى.',
      busy: 'يرجى الانتظار…',
      sar: function (v) {
        return v + ' ر.س';
      },
    },
  };
  var PARTS = ['front', 'back', 'right', 'left', 'chassis'];
  var TYPE_ORDER = ['Comprehensive', 'TPL +', 'TPL'];

  var data = JSON.parse(document.getElementById('embed-data').textContent);
  var app = document.getElementById('app');
  var L = data.locale === 'ar' ? 'ar' : 'en';
  var T = TEXTS[L];
  var numbers = new Intl.NumberFormat(L === 'ar' ? 'ar-SA' : 'en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  var count = new Intl.NumberFormat(L === 'ar' ? 'ar-SA' : 'en-US');
  var halalas = function (amount) {
    return Math.round(Number(amount) * 100);
  };
  var money = function (h) {
    return T.sar(numbers.format(h / 100));
  };

  /** Messages to the framing page, only ever to the origin registered for the session. */
  function tell(type, extra) {
    if (data.platform !== 'web' || !data.parent_origin || window.parent === window) return;
    var message = { source: 'insurance-embed', version: 1, type: type, session_id: data.session_id, quote_request_id: data.quote_request_id };
    for (var k in extra) message[k] = extra[k];
    window.parent.postMessage(message, data.parent_origin);
  }

  /** Elements without innerHTML: insurer texts are data, never markup. */
  function el(tag, attrs) {
    var node = document.createElement(tag);
    for (var k in attrs || {}) {
      var v = attrs[k];
      if (v === null || v === undefined || v === false) continue;
      if (k === 'text') node.textContent = v;
      else if (k.slice(0, 2) === 'on') node.addEventListener(k.slice(2), v);
      else if (k === 'checked' || k === 'disabled') node[k] = Boolean(v);
      else node.setAttribute(k, v === true ? '' : String(v));
    }
    for (var i = 2; i < arguments.length; i++) {
      var c = arguments[i];
      if (c === null || c === undefined || c === false) continue;
      if (Array.isArray(c))
        c.forEach(function (x) {
          if (x) node.appendChild(typeof x === 'string' ? document.createTextNode(x) : x);
        });
      else node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
    }
    return node;
  }

  var state = { view: data.view, filter: 'all', offer: null, price: null, benefits: {}, iban: '', replacing: false, confirmed: false, step: 'compare' };

  function offerName(o) {
    return (L === 'ar' ? o.company_name_ar : o.company_name) || o.company_name;
  }
  function benefitName(b) {
    return (L === 'ar' ? b.name_ar : b.name) || b.name;
  }
  function minTotal(o) {
    return Math.min.apply(
      null,
      o.prices.map(function (p) {
        return halalas(p.total);
      }),
    );
  }
  function paidBenefits(o) {
    return o.benefits.filter(function (b) {
      return halalas(b.amount) > 0;
    });
  }
  function chosenBenefits() {
    return state.offer
      ? paidBenefits(state.offer).filter(function (b) {
          return state.benefits[b.quote_benefit_id];
        })
      : [];
  }
  function total() {
    if (!state.price) return null;
    return chosenBenefits().reduce(function (s, b) {
      return s + halalas(b.amount) + halalas(b.vat);
    }, halalas(state.price.total));
  }

  function show(nodes, focus) {
    app.replaceChildren.apply(app, nodes);
    if (focus !== false) {
      var h = app.querySelector('h1');
      if (h) h.focus({ preventScroll: false });
    }
  }

  function heading(text) {
    return el('h1', { tabindex: '-1', text: text });
  }

  // ---------- compare ----------
  function renderCompare() {
    var quotes = state.view.quotes;
    var waiting = state.view.status === 'in_progress' ? state.view.pending.length : 0;
    var nodes = [heading(T.title)];
    if (quotes.length || !waiting)
      nodes.push(el('p', { class: 'muted', text: quotes.length ? T.subtitle(quotes.length, count.format(quotes.length)) : T.none }));
    if (waiting) nodes.push(el('p', { class: 'muted', id: 'waiting', role: 'status', text: T.waiting(waiting, count.format(waiting)) }));
    var present = TYPE_ORDER.filter(function (t) {
      return quotes.some(function (q) {
        return q.type === t;
      });
    });
    if (present.length > 1) {
      nodes.push(
        el(
          'fieldset',
          { class: 'filters' },
          el('legend', { text: T.show }),
          ['all'].concat(present).map(function (t) {
            return el(
              'label',
              { class: 'chip' },
              el('input', {
                type: 'radio',
                name: 'filter',
                value: t,
                checked: state.filter === t,
                onchange: function () {
                  state.filter = t;
                  renderCompare();
                  document.querySelector('input[name=filter][value="' + t + '"]').focus();
                },
              }),
              el('span', { text: t === 'all' ? T.all : T.types[t] }),
            );
          }),
        ),
      );
    }
    present
      .filter(function (t) {
        return state.filter === 'all' || state.filter === t;
      })
      .forEach(function (type) {
        var group = quotes
          .filter(function (q) {
            return q.type === type;
          })
          .sort(function (a, b) {
            return minTotal(a) - minTotal(b);
          });
        var id = 'group-' + TYPE_ORDER.indexOf(type);
        nodes.push(
          el(
            'section',
            { 'aria-labelledby': id, 'data-type': type },
            el('h2', { id: id, text: T.types[type] + ' (' + count.format(group.length) + ')' }),
            group.map(renderOffer),
          ),
        );
      });
    nodes.push(renderSummary());
    show(nodes, false);
  }

  function renderOffer(o) {
    var selected = state.offer && state.offer.quote_reference_id === o.quote_reference_id;
    var titleId = 'offer-' + o.quote_reference_id;
    var included = o.benefits.filter(function (b) {
      return halalas(b.amount) === 0;
    });
    var paid = paidBenefits(o);
    var sub = [o.type === 'Comprehensive' ? (L === 'ar' ? o.insurance_type_display_ar : o.insurance_type_display) : null, T.fix[o.fix_type]]
      .filter(Boolean)
      .join(' · ');
    return el(
      'article',
      { class: 'offer' + (selected ? ' selected' : ''), 'aria-labelledby': titleId, 'data-offer': o.quote_reference_id },
      el(
        'header',
        null,
        o.square_company_logo_url || o.company_logo_url
          ? el('img', { src: o.square_company_logo_url || o.company_logo_url, alt: '', width: 48, height: 48, decoding: 'async' })
          : null,
        el('div', null, el('h3', { id: titleId, text: offerName(o) }), sub ? el('p', { class: 'muted', text: sub }) : null),
        el('p', { class: 'from' }, el('span', { class: 'muted', text: T.from + ' ' }), money(minTotal(o))),
      ),
      el(
        'fieldset',
        null,
        el('legend', { text: T.choosePrice }),
        o.prices
          .slice()
          .sort(function (a, b) {
            return halalas(a.total) - halalas(b.total);
          })
          .map(function (p) {
            var label = p.deductible === null ? T.noDeductible : T.deductible(money(halalas(p.deductible)));
            return el(
              'label',
              { class: 'option' },
              el('input', {
                type: 'radio',
                name: 'price',
                value: p.quote_price_id,
                checked: state.price && state.price.quote_price_id === p.quote_price_id,
                onchange: function () {
                  pick(o, p);
                },
              }),
              el('span', { text: label }),
              el('span', { class: 'amount', text: money(halalas(p.total)) }),
            );
          }),
      ),
      included.length
        ? el(
            'p',
            { class: 'included' },
            el('span', { class: 'sr-only', text: T.included + ': ' }),
            '✓ ' + included.map(benefitName).join(L === 'ar' ? '، ' : ', '),
          )
        : null,
      // add-ons only for the chosen offer: a phone-length list stays readable
      paid.length && !selected ? el('p', { class: 'hint', text: T.addonsCount(paid.length) }) : null,
      paid.length && selected
        ? el(
            'fieldset',
            null,
            el('legend', { text: T.addons }),
            paid.map(function (b) {
              return el(
                'label',
                { class: 'option' },
                el('input', {
                  type: 'checkbox',
                  value: b.quote_benefit_id,
                  checked: state.benefits[b.quote_benefit_id],
                  onchange: function (e) {
                    state.benefits[b.quote_benefit_id] = e.target.checked;
                    updateSummary();
                  },
                }),
                el('span', { text: benefitName(b) }),
                el('span', { class: 'amount', text: '+ ' + money(halalas(b.amount) + halalas(b.vat)) }),
              );
            }),
          )
        : null,
    );
  }

  function pick(offer, price) {
    var changed = !state.offer || state.offer.quote_reference_id !== offer.quote_reference_id;
    if (changed) state.benefits = {};
    state.offer = offer;
    state.price = price;
    if (changed) {
      renderCompare();
      var input = document.querySelector('input[name=price][value="' + price.quote_price_id + '"]');
      if (input) input.focus();
    } else updateSummary();
  }

  function renderSummary() {
    var t = total();
    return el(
      'div',
      { class: 'summary' },
      el(
        'div',
        { 'aria-live': 'polite', id: 'summary' },
        el('div', { class: 'muted', text: t === null ? T.totalNone : T.total + ' (' + T.vatNote + ')' }),
        el('div', { class: 'total', id: 'total', text: t === null ? '' : money(t) }),
      ),
      el(
        'button',
        {
          type: 'button',
          id: 'continue',
          disabled: t === null,
          onclick: function () {
            state.step = 'checkout';
            renderCheckout();
          },
        },
        T.cont,
      ),
    );
  }

  function updateSummary() {
    var old = app.querySelector('.summary');
    if (old) old.replaceWith(renderSummary());
  }

  // ---------- checkout ----------
  function selectionCard() {
    var chosen = chosenBenefits();
    return el(
      'div',
      { class: 'card' },
      el(
        'dl',
        null,
        el('dt', { text: T.company }),
        el('dd', { text: offerName(state.offer) }),
        el('dt', { text: T.cover }),
        el('dd', { text: T.types[state.offer.type] + (state.price.deductible === null ? '' : ' · ' + T.deductible(money(halalas(state.price.deductible)))) }),
        el('dt', { text: T.addonsChosen }),
        el('dd', { text: chosen.length ? chosen.map(benefitName).join(L === 'ar' ? '، ' : ', ') : T.none_ }),
        el('dt', { text: T.total }),
        el('dd', { id: 'checkout-total', text: money(total()) }),
      ),
    );
  }

  function field(id, label, input, hint) {
    input.setAttribute('id', id);
    input.setAttribute('aria-describedby', (hint ? id + '-hint ' : '') + id + '-error');
    return el(
      'div',
      { class: 'field' },
      el('label', { for: id, text: label }),
      input,
      hint ? el('p', { class: 'hint', id: id + '-hint', text: hint }) : null,
      el('p', { class: 'error', id: id + '-error', role: 'alert' }),
    );
  }

  function setError(id, message) {
    var box = document.getElementById(id + '-error');
    var input = document.getElementById(id);
    if (box) box.textContent = message || '';
    if (input) input.setAttribute('aria-invalid', message ? 'true' : 'false');
    return Boolean(box);
  }

  function renderCheckout() {
    var comprehensive = state.offer.type === 'Comprehensive';
    var iban = el('input', {
      type: 'text',
      name: 'iban',
      class: 'ltr',
      dir: 'ltr',
      autocomplete: 'off',
      spellcheck: 'false',
      inputmode: 'text',
      maxlength: 34,
      placeholder: 'SA0000000000000000000000',
      value: state.iban,
      oninput: function (e) {
        state.iban = e.target.value;
      },
    });
    var nodes = [
      el(
        'p',
        null,
        el(
          'button',
          {
            type: 'button',
            class: 'link',
            onclick: function () {
              state.step = 'compare';
              renderCompare();
              var i = document.querySelector('input[name=price]:checked');
              if (i) i.focus();
            },
          },
          '‹ ' + T.back,
        ),
      ),
      heading(T.checkout),
      selectionCard(),
      el('div', { class: 'alert', id: 'form-error', role: 'alert' }),
      field('iban', T.iban, iban, T.ibanHint),
    ];
    if (comprehensive) nodes.push(renderPhotos());
    nodes.push(el('div', { class: 'actions' }, el('button', { type: 'button', id: 'send-code', onclick: sendCode }, T.sendCode)));
    show(nodes);
  }

  function renderPhotos() {
    var photos = state.view.photos;
    var section = el('section', { 'aria-labelledby': 'photos-title', id: 'photos' }, el('h2', { id: 'photos-title', text: T.photos }));
    if (photos && !state.replacing) {
      section.appendChild(el('p', { text: T.photosOnFile }));
      section.appendChild(
        el(
          'ul',
          { class: 'photos' },
          PARTS.map(function (p) {
            return el('li', null, el('figure', null, el('img', { src: photos[p], alt: T.parts[p], loading: 'lazy' }), el('figcaption', { text: T.parts[p] })));
          }),
        ),
      );
      section.appendChild(
        el(
          'div',
          { class: 'check' },
          el('input', {
            type: 'checkbox',
            id: 'photos_confirmed',
            checked: state.confirmed,
            'aria-describedby': 'photos_confirmed-error',
            onchange: function (e) {
              state.confirmed = e.target.checked;
            },
          }),
          el('label', { for: 'photos_confirmed', text: T.photosConfirm }),
        ),
      );
      section.appendChild(el('p', { class: 'error', id: 'photos_confirmed-error', role: 'alert' }));
      section.appendChild(
        el(
          'button',
          {
            type: 'button',
            class: 'secondary',
            id: 'replace-photos',
            onclick: function () {
              state.replacing = true;
              rerenderPhotos();
            },
          },
          T.photosReplace,
        ),
      );
      return section;
    }
    section.appendChild(el('p', { text: T.photosNeeded }));
    var uploads = el(
      'div',
      { class: 'uploads' },
      PARTS.map(function (p) {
        return field('photo-' + p, T.parts[p], el('input', { type: 'file', name: p, accept: 'image/jpeg,image/png' }), null);
      }),
    );
    section.appendChild(uploads);
    section.appendChild(el('p', { class: 'hint', text: T.photosHint }));
    section.appendChild(el('button', { type: 'button', class: 'secondary', id: 'upload-photos', onclick: uploadPhotos }, T.photosUpload));
    section.appendChild(el('p', { class: 'muted', id: 'photos-status', role: 'status' }));
    return section;
  }

  function rerenderPhotos() {
    var old = document.getElementById('photos');
    old.replaceWith(renderPhotos());
    var first = document.querySelector('#photos input');
    if (first) first.focus();
  }

  function busy(button, on) {
    if (!button) return;
    button.disabled = on;
    button.setAttribute('aria-busy', on ? 'true' : 'false');
  }

  function clearErrors() {
    Array.prototype.forEach.call(app.querySelectorAll('.error, .alert'), function (e) {
      e.textContent = '';
    });
    Array.prototype.forEach.call(app.querySelectorAll('[aria-invalid=true]'), function (e) {
      e.setAttribute('aria-invalid', 'false');
    });
  }

  /** Shows a failed call: messages next to their fields where the page has them, the rest on top. */
  function showFailure(err) {
    if (err.status === 410) return renderExpired();
    var rest = [];
    var details = (err.body && err.body.details) || {};
    Object.keys(details).forEach(function (key) {
      var id = PARTS.indexOf(key) >= 0 ? 'photo-' + key : key;
      if (!setError(id, details[key].join(' '))) rest.push(details[key].join(' '));
    });
    if (!Object.keys(details).length) rest.push((err.body && err.body.message) || T.failed);
    var alert = document.getElementById('form-error');
    if (alert) alert.textContent = rest.join(' ');
  }

  function call(method, path, body) {
    var init = { method: method, headers: { Accept: 'application/json' }, credentials: 'omit', cache: 'no-store' };
    if (body instanceof FormData) init.body = body;
    else if (body) {
      init.headers['Content-Type'] = 'application/json';
      init.body = JSON.stringify(body);
    }
    return fetch(data.api + path, init).then(
      function (res) {
        if (res.status === 204) return null;
        return res
          .json()
          .catch(function () {
            return null;
          })
          .then(function (json) {
            if (!res.ok) throw { status: res.status, body: json };
            return json;
          });
      },
      function () {
        throw { status: 0, body: { message: T.failed } };
      },
    );
  }

  function validIban(v) {
    if (!/^SA\d{22}$/.test(v)) return false;
    var moved = v.slice(4) + v.slice(0, 4);
    var digits = moved.replace(/[A-Z]/g, function (c) {
      return String(c.charCodeAt(0) - 55);
    });
    var rest = 0;
    for (var i = 0; i < digits.length; i++) rest = (rest * 10 + Number(digits[i])) % 97;
    return rest === 1;
  }

  function uploadPhotos() {
    clearErrors();
    var form = new FormData();
    var missing = false;
    PARTS.forEach(function (p) {
      var input = document.getElementById('photo-' + p);
      if (!input.files.length) {
        setError('photo-' + p, T.parts[p] + ': ' + T.photosNeeded);
        missing = true;
      } else form.append(p, input.files[0]);
    });
    if (missing) return;
    var button = document.getElementById('upload-photos');
    busy(button, true);
    call('POST', '/photos', form).then(
      function (res) {
        state.view.photos = res.attachments;
        state.replacing = false;
        state.confirmed = true;
        rerenderPhotos();
        var status = document.getElementById('photos_confirmed');
        if (status) status.focus();
      },
      function (err) {
        busy(button, false);
        showFailure(err);
      },
    );
  }

  function sendCode() {
    clearErrors();
    var iban = state.iban.replace(/\s+/g, '').toUpperCase();
    if (!validIban(iban)) {
      setError('iban', T.ibanBad);
      document.getElementById('iban').focus();
      return;
    }
    var comprehensive = state.offer.type === 'Comprehensive';
    if (comprehensive && (!state.view.photos || state.replacing)) {
      showFailure({ body: { message: T.photosNeeded } });
      return;
    }
    if (comprehensive && !state.confirmed) {
      setError('photos_confirmed', T.photosConfirm);
      document.getElementById('photos_confirmed').focus();
      return;
    }
    var button = document.getElementById('send-code');
    busy(button, true);
    state.iban = iban;
    call('POST', '/issue-otp', {
      quote_reference_id: state.offer.quote_reference_id,
      quote_price_id: state.price.quote_price_id,
      iban: iban,
      photos_confirmed: comprehensive ? true : undefined,
    }).then(
      function () {
        state.step = 'otp';
        renderOtp();
      },
      function (err) {
        busy(button, false);
        showFailure(err);
      },
    );
  }

  // ---------- OTP ----------
  function renderOtp(note) {
    var otp = el('input', {
      type: 'text',
      name: 'otp',
      class: 'ltr',
      dir: 'ltr',
      inputmode: 'numeric',
      autocomplete: 'one-time-code',
      maxlength: 4,
      pattern: '[0-9]{4}',
    });
    show([
      heading(T.otpTitle),
      el('p', { id: 'otp-sent', text: T.otpSent('\u2066' + state.view.phone + '\u2069') }),
      selectionCard(),
      el('div', { class: 'alert', id: 'form-error', role: 'alert' }),
      field('otp', T.otp, otp, null),
      el('p', { class: 'muted', role: 'status', id: 'otp-status', text: note || '' }),
      el(
        'div',
        { class: 'actions' },
        el('button', { type: 'button', id: 'confirm', onclick: issue }, T.confirm),
        el('button', { type: 'button', class: 'secondary', id: 'resend', onclick: resend }, T.resend),
      ),
    ]);
    otp.focus();
  }

  function resend() {
    clearErrors();
    var button = document.getElementById('resend');
    busy(button, true);
    call('POST', '/issue-otp', {
      quote_reference_id: state.offer.quote_reference_id,
      quote_price_id: state.price.quote_price_id,
      iban: state.iban,
      photos_confirmed: state.offer.type === 'Comprehensive' ? true : undefined,
    }).then(
      function () {
        busy(button, false);
        document.getElementById('otp-status').textContent = T.resent;
      },
      function (err) {
        busy(button, false);
        showFailure(err);
      },
    );
  }

  function issue() {
    clearErrors();
    var code = document.getElementById('otp').value.trim();
    if (!/^\d{4}$/.test(code)) {
      setError('otp', T.otpBad);
      document.getElementById('otp').focus();
      return;
    }
    var button = document.getElementById('confirm');
    busy(button, true);
    var benefits = chosenBenefits().map(function (b) {
      return b.quote_benefit_id;
    });
    call('POST', '/policies', {
      otp: code,
      quote_reference_id: state.offer.quote_reference_id,
      quote_price_id: state.price.quote_price_id,
      benefits: benefits.length ? benefits : undefined,
    }).then(
      function (policy) {
        state.view.policy = policy;
        renderDone(true);
      },
      function (err) {
        busy(button, false);
        showFailure(err);
      },
    );
  }

  // ---------- done / expired ----------
  function renderDone(announce) {
    var policy = state.view.policy;
    var nodes = [heading(T.doneTitle), el('p', { class: 'muted', id: 'policy-number', text: T.policy(count.format(policy.id).replace(/[,٬]/g, '')) })];
    if (policy.price !== null) nodes.push(el('p', { class: 'price', text: money(halalas(policy.price)) }));
    var actions = el('div', { class: 'actions' });
    if (policy.payment_link) {
      actions.appendChild(
        el(
          'a',
          { class: 'button', id: 'pay', href: policy.payment_link, target: data.platform === 'web' ? '_blank' : '_self', rel: 'noopener noreferrer' },
          T.pay,
        ),
      );
    }
    if (data.platform === 'webview' && state.view.session.deep_link) {
      var link = state.view.session.deep_link;
      var query =
        'policy_id=' +
        encodeURIComponent(policy.id) +
        '&status=' +
        encodeURIComponent(policy.status) +
        (policy.payment_link ? '&payment_link=' + encodeURIComponent(policy.payment_link) : '');
      actions.appendChild(el('a', { class: 'button secondary', id: 'back-to-app', href: link + (link.indexOf('?') >= 0 ? '&' : '?') + query }, T.backToApp));
    }
    nodes.push(actions);
    var wrap = el('div', { class: 'done' }, nodes);
    show([wrap]);
    if (announce) {
      tell('policy_issued', {
        policy: { id: policy.id, status: policy.status, price: policy.price, payment_link: policy.payment_link, created_at: policy.created_at },
      });
    }
  }

  function renderExpired() {
    show([heading(T.expired)]);
    tell('expired', {});
  }

  // ---------- offers as insurers answer (a session opened with Prefer: respond-async) ----------
  function follow() {
    if (typeof EventSource !== 'function') return;
    var source = new EventSource(data.api + '/events');
    source.addEventListener('insurer', function (e) {
      var answer = JSON.parse(e.data);
      var known = {};
      state.view.quotes.forEach(function (q) {
        known[q.quote_reference_id] = true;
      });
      answer.quotes.forEach(function (q) {
        if (!known[q.quote_reference_id]) state.view.quotes.push(q);
      });
      // the stream starts with the answers the page already shows: known offers and insurers are skipped
      state.view.pending = state.view.pending.filter(function (code) {
        return code !== answer.code;
      });
      refreshCompare();
    });
    source.addEventListener('complete', function (e) {
      source.close();
      state.view.status = JSON.parse(e.data).status;
      state.view.pending = [];
      refreshCompare();
      tell('offers_complete', { offers: state.view.quotes.length });
    });
  }

  /** Redraws the offer list with what arrived, keeping the customer's place (the price radio in focus). */
  function refreshCompare() {
    if (state.step !== 'compare' || state.view.policy) return;
    var active = document.activeElement;
    var focused = active && active.name === 'price' ? active.value : null;
    renderCompare();
    if (focused) {
      var again = document.querySelector('input[name=price][value="' + focused + '"]');
      if (again) again.focus({ preventScroll: true });
    }
  }

  // ---------- start ----------
  if (typeof ResizeObserver === 'function') {
    var last = 0;
    new ResizeObserver(function () {
      // the content's own height (the document's would never shrink below the frame's)
      var height = Math.ceil(app.getBoundingClientRect().height);
      if (height !== last) {
        last = height;
        tell('resize', { height: height });
      }
    }).observe(document.body);
  }
  if (data.state === 'expired') {
    tell('expired', {});
    return;
  }
  if (data.state !== 'open') return;
  if (state.view.policy) renderDone(false);
  else {
    renderCompare();
    // lets the partner (and our browser test) measure first render of the offers
    if (window.performance && performance.mark) performance.mark('embed-offers-rendered');
  }
  tell('ready', { offers: state.view.quotes.length });
  if (state.view.status === 'in_progress' && !state.view.policy) follow();
})();
