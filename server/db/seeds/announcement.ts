// In settings so an operator can edit them: `announcement.{lang}` = "title\n\nparagraph\n\nparagraph".
import type { Seeder } from './seeder.ts';

export const COMPLAINT_EMAIL = 'complaints@tickwise.example.com';

export const ANNOUNCEMENTS: Readonly<Record<string, string>> = {
  hk: '服務公告\n\n本平台不向北韓、以色列、中國、萬那杜及古巴的居民提供服務。\n\n槓桿產品風險較高，價格波動可能令您損失全部保證金。請確保您了解相關風險，並只以可承受損失的資金進行交易。',
  en: 'Service notice\n\nWe do not provide services to residents of North Korea, Israel, China, Vanuatu or Cuba.\n\nLeveraged products carry a high level of risk: price moves can cost you your whole margin. Make sure you understand the risks and only trade with money you can afford to lose.',
  jp: 'サービスに関するお知らせ\n\n北朝鮮、イスラエル、中国、バヌアツ、キューバの居住者にはサービスを提供しておりません。\n\nレバレッジ商品は高いリスクを伴い、価格変動により証拠金をすべて失う可能性があります。リスクを十分に理解し、余裕資金でお取引ください。',
  kr: '서비스 공지\n\n북한, 이스라엘, 중국, 바누아투, 쿠바 거주자에게는 서비스를 제공하지 않습니다.\n\n레버리지 상품은 위험이 높으며 가격 변동으로 증거금 전액을 잃을 수 있습니다. 위험을 충분히 이해하고 감당할 수 있는 자금으로만 거래하세요.',
  th: 'ประกาศการให้บริการ\n\nเราไม่ให้บริการแก่ผู้พำนักในเกาหลีเหนือ อิสราเอล จีน วานูอาตู และคิวบา\n\nผลิตภัณฑ์ที่มีเลเวอเรจมีความเสี่ยงสูง การเคลื่อนไหวของราคาอาจทำให้คุณสูญเสียมาร์จิ้นทั้งหมด โปรดทำความเข้าใจความเสี่ยงและซื้อขายด้วยเงินที่คุณสามารถยอมรับการสูญเสียได้เท่านั้น',
  vn: 'Thông báo dịch vụ\n\nChúng tôi không cung cấp dịch vụ cho cư dân Triều Tiên, Israel, Trung Quốc, Vanuatu và Cuba.\n\nSản phẩm đòn bẩy có rủi ro cao: biến động giá có thể khiến bạn mất toàn bộ ký quỹ. Hãy hiểu rõ rủi ro và chỉ giao dịch bằng số tiền bạn có thể chấp nhận mất.',
  fr: 'Avis de service\n\nNous ne fournissons pas de services aux résidents de Corée du Nord, d’Israël, de Chine, du Vanuatu et de Cuba.\n\nLes produits à effet de levier comportent un risque élevé : les variations de prix peuvent vous faire perdre toute votre marge. Assurez-vous de comprendre les risques et ne négociez qu’avec des fonds que vous pouvez vous permettre de perdre.',
  de: 'Servicehinweis\n\nWir erbringen keine Dienstleistungen für Einwohner von Nordkorea, Israel, China, Vanuatu und Kuba.\n\nGehebelte Produkte sind mit hohem Risiko verbunden: Kursbewegungen können Ihre gesamte Margin kosten. Stellen Sie sicher, dass Sie die Risiken verstehen, und handeln Sie nur mit Geld, dessen Verlust Sie sich leisten können.',
  ru: 'Уведомление об услугах\n\nМы не оказываем услуги жителям Северной Кореи, Израиля, Китая, Вануату и Кубы.\n\nПродукты с кредитным плечом связаны с высоким риском: изменение цены может лишить вас всей маржи. Убедитесь, что понимаете риски, и торгуйте только средствами, потерю которых можете себе позволить.',
  spa: 'Aviso de servicio\n\nNo prestamos servicios a residentes de Corea del Norte, Israel, China, Vanuatu y Cuba.\n\nLos productos apalancados conllevan un riesgo elevado: los movimientos de precio pueden hacerle perder todo su margen. Asegúrese de comprender los riesgos y opere solo con dinero que pueda permitirse perder.',
  pt: 'Aviso de serviço\n\nNão prestamos serviços a residentes da Coreia do Norte, Israel, China, Vanuatu e Cuba.\n\nProdutos alavancados envolvem risco elevado: as variações de preço podem custar toda a sua margem. Certifique-se de que compreende os riscos e negocie apenas com dinheiro que pode perder.',
  ar: 'إشعار الخدمة\n\nلا نقدم خدماتنا للمقيمين في كوريا الشمالية وإسرائيل والصين وفانواتو وكوبا.\n\nتنطوي المنتجات ذات الرافعة المالية على مخاطر عالية، وقد تؤدي تحركات الأسعار إلى خسارة كامل الهامش. تأكد من فهم المخاطر ولا تتداول إلا بأموال يمكنك تحمل خسارتها.',
  it: 'Avviso di servizio\n\nNon forniamo servizi ai residenti di Corea del Nord, Israele, Cina, Vanuatu e Cuba.\n\nI prodotti con leva comportano un rischio elevato: i movimenti di prezzo possono farti perdere l’intero margine. Assicurati di comprendere i rischi e opera solo con denaro che puoi permetterti di perdere.',
  tr: 'Hizmet duyurusu\n\nKuzey Kore, İsrail, Çin, Vanuatu ve Küba’da yaşayanlara hizmet vermiyoruz.\n\nKaldıraçlı ürünler yüksek risk taşır: fiyat hareketleri tüm teminatınızı kaybetmenize neden olabilir. Riskleri anladığınızdan emin olun ve yalnızca kaybetmeyi göze alabileceğiniz parayla işlem yapın.',
  id: 'Pemberitahuan layanan\n\nKami tidak memberikan layanan kepada penduduk Korea Utara, Israel, Tiongkok, Vanuatu, dan Kuba.\n\nProduk dengan leverage memiliki risiko tinggi: pergerakan harga dapat membuat Anda kehilangan seluruh margin. Pastikan Anda memahami risikonya dan hanya bertransaksi dengan dana yang sanggup Anda tanggung kerugiannya.',
  my: 'Notis perkhidmatan\n\nKami tidak menyediakan perkhidmatan kepada penduduk Korea Utara, Israel, China, Vanuatu dan Cuba.\n\nProduk berleveraj membawa risiko yang tinggi: pergerakan harga boleh menyebabkan anda kehilangan seluruh margin. Pastikan anda memahami risikonya dan berdagang hanya dengan wang yang mampu anda tanggung kerugiannya.',
  hi: 'सेवा सूचना\n\nहम उत्तर कोरिया, इज़राइल, चीन, वानुअतु और क्यूबा के निवासियों को सेवाएँ प्रदान नहीं करते हैं।\n\nलीवरेज वाले उत्पादों में उच्च जोखिम होता है: कीमतों में बदलाव से आपका पूरा मार्जिन खो सकता है। जोखिमों को समझें और केवल उतनी राशि से ट्रेड करें जिसे खोना आप वहन कर सकते हैं।',
  cs: 'Oznámení o službách\n\nNeposkytujeme služby obyvatelům Severní Koreje, Izraele, Číny, Vanuatu a Kuby.\n\nPákové produkty nesou vysoké riziko: pohyby cen vás mohou připravit o celou marži. Ujistěte se, že rizikům rozumíte, a obchodujte jen s penězi, jejichž ztrátu si můžete dovolit.',
};

export const contentSettingsSeeder: Seeder = {
  name: 'content-settings',
  async run(q) {
    const entries: [string, string][] = [
      ['complaint_email', COMPLAINT_EMAIL],
      ...Object.entries(ANNOUNCEMENTS).map(([lang, text]): [string, string] => [`announcement.${lang}`, text]),
    ];
    for (const [key, value] of entries) {
      await q.query('INSERT INTO settings (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [key, value]);
    }
  },
};
