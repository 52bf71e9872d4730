/**
 * Wording partners show beside every set of quotes: the licensed broker's attribution, support routes
 * and FAQ. Partners fetch it from GET /guideline-texts and never hard-code it. The licence and toll-free
 * numbers are the same in both languages (render them in a <bdi> on right-to-left pages).
 */
const LICENSE = '2026/0417';
const TOLL_FREE = '800 124 0417';
const BRAND_URL = 'https://example.com/sandbox-broker';

export const GUIDELINE_TEXTS = {
  en: {
    provider: {
      pre: 'Insurance quotes provided by',
      brand: 'Sandbox Insurance Brokerage',
      brand_url: BRAND_URL,
      supervision: 'Licensed and supervised by the Insurance Authority',
      license: LICENSE,
    },
    support: {
      lead: 'Questions about a quote or a policy? Our licensed advisers can help.',
      whatsapp_label: 'Chat on WhatsApp',
      whatsapp_url: 'https://wa.me/966800124041',
      terms_label: 'Terms and conditions',
      terms_url: `${BRAND_URL}/terms`,
      tollfree_label: 'Toll-free',
      tollfree_number: TOLL_FREE,
    },
    faq: [
      {
        question: 'Why do I see several offers from the same insurer?',
        answer:
          'Each offer is one combination of cover and repair type, for example comprehensive with agency repair or with workshop repair. Each has its own prices and benefits.',
      },
      {
        question: 'What is the deductible?',
        answer: 'The amount you pay towards each claim. A higher deductible lowers the premium. Third-party offers have no deductible.',
      },
      {
        question: 'Do the prices include VAT?',
        answer: 'Yes. The total of each price includes VAT at 15 percent. Optional paid benefits are added to it with their own VAT.',
      },
      {
        question: 'What are included benefits?',
        answer: 'Benefits priced at zero are part of the cover and do not change the price. Paid benefits are optional extras you can add.',
      },
      { question: 'How long is an offer valid?', answer: 'Every offer shows the moment it lapses. Validity differs by insurer. After it, request new quotes.' },
      {
        question: 'Why are vehicle photos needed?',
        answer: 'Comprehensive cover requires five photos of the vehicle, including the chassis number, before purchase. Insurers keep the first accepted set.',
      },
      { question: 'What is my IBAN used for?', answer: 'Only to pay out claim settlements and refunds. Your account is never charged.' },
      {
        question: 'When does my policy start?',
        answer: 'On the start date you chose, once payment succeeds. The policy document is available shortly after payment.',
      },
    ],
  },
  ar: {
    provider: {
      pre: 'عروض التأمين مقدمة من',
      brand: 'وساطة التأمين التجريبية',
      brand_url: BRAND_URL,
      supervision: 'مرخصة وتحت إشراف هيئة التأمين',
      license: LICENSE,
    },
    support: {
      lead: 'لديك سؤال عن عرض أو وثيقة؟ مستشارونا المرخصون في خدمتك.',
      whatsapp_label: 'تواصل عبر واتساب',
      whatsapp_url: 'https://wa.me/966800124041',
      terms_label: 'الشروط والأحكام',
      terms_url: `${BRAND_URL}/terms?lang=ar`,
      tollfree_label: 'الرقم المجاني',
      tollfree_number: TOLL_FREE,
    },
    faq: [
      {
        question: 'لماذا أرى عدة عروض من شركة التأمين نفسها؟',
        answer: 'كل عرض يمثل مزيجًا من نوع التغطية ونوع الإصلاح، مثل التأمين الشامل مع الإصلاح في الوكالة أو في الورشة، ولكل عرض أسعاره ومزاياه.',
      },
      {
        question: 'ما هو مبلغ التحمل؟',
        answer: 'المبلغ الذي تدفعه عن كل مطالبة. كلما ارتفع مبلغ التحمل انخفض القسط. عروض التأمين ضد الغير ليس لها مبلغ تحمل.',
      },
      {
        question: 'هل تشمل الأسعار ضريبة القيمة المضافة؟',
        answer: 'نعم، إجمالي كل سعر يشمل ضريبة القيمة المضافة بنسبة 15 بالمئة، وتضاف إليه المزايا الاختيارية المدفوعة مع ضريبتها.',
      },
      { question: 'ما هي المزايا المشمولة؟', answer: 'المزايا التي سعرها صفر جزء من التغطية ولا تغير السعر، أما المزايا المدفوعة فهي إضافات اختيارية.' },
      { question: 'ما مدة صلاحية العرض؟', answer: 'يظهر في كل عرض موعد انتهاء صلاحيته، وتختلف الصلاحية حسب شركة التأمين. بعد انتهائها اطلب عروضًا جديدة.' },
      {
        question: 'لماذا أحتاج إلى صور المركبة؟',
        answer: 'يتطلب التأمين الشامل خمس صور للمركبة منها صورة رقم الهيكل قبل الشراء، وتحتفظ شركات التأمين بأول مجموعة مقبولة.',
      },
      { question: 'لماذا يُطلب رقم الآيبان؟', answer: 'لصرف تعويضات المطالبات والمبالغ المستردة فقط، ولن يُخصم أي مبلغ من حسابك.' },
      { question: 'متى تبدأ وثيقتي؟', answer: 'في تاريخ البدء الذي اخترته بعد نجاح الدفع، وتتوفر وثيقة التأمين بعد الدفع بوقت قصير.' },
    ],
  },
} as const;
