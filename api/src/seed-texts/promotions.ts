import { type Language } from 'shared-contracts';

// The demo's adverts and notices in every language of the site. English is the row's own text (activities.title,
// notices.title); the other languages go to activity_translations and notice_translations.

export type AdvertKey = 'summer' | 'europeFrom' | 'unlimitedWeek' | 'install' | 'gift' | 'recall';
export type NoticeKey = 'welcome' | 'maintenance' | 'expiring';

export interface AdvertText {
  title: string;
  /** Button text (pop-up; the recall offer keeps one for other screens); absent: the screen's own. */
  btn?: string;
}

export interface NoticeText {
  title: string;
  content: string;
}

export interface PromotionTexts {
  adverts: Record<AdvertKey, AdvertText>;
  notices: Record<NoticeKey, NoticeText>;
}

export const PROMOTION_TEXTS: Record<Language, PromotionTexts> = {
  en: {
    adverts: {
      summer: { title: 'Summer in Europe' },
      europeFrom: { title: 'Europe from $12.90' },
      unlimitedWeek: { title: 'Unlimited week' },
      install: { title: 'Add the eSIM Shop to your home screen', btn: 'How to install' },
      gift: { title: 'Gift' },
      recall: { title: 'Free 30-day data plan for affected SIM holders', btn: 'Get it' },
    },
    notices: {
      welcome: {
        title: 'Welcome to the eSIM Shop',
        content: 'Top up any card with its ICCID; log in to keep all your cards in one list.',
      },
      maintenance: {
        title: 'Planned maintenance',
        content: 'Top-ups may be delayed on Sunday between 02:00 and 03:00 UTC.',
      },
      expiring: { title: 'Your plan expires in 2 days', content: 'Renew now to keep your number connected.' },
    },
  },
  de: {
    adverts: {
      summer: { title: 'Sommer in Europa' },
      europeFrom: { title: 'Europa ab 12,90 $' },
      unlimitedWeek: { title: 'Unbegrenzte Woche' },
      install: { title: 'Legen Sie den eSIM Shop auf Ihren Startbildschirm', btn: 'So geht’s' },
      gift: { title: 'Geschenk' },
      recall: { title: 'Kostenloser 30-Tage-Datentarif für betroffene SIM-Inhaber', btn: 'Jetzt sichern' },
    },
    notices: {
      welcome: {
        title: 'Willkommen im eSIM Shop',
        content:
          'Laden Sie jede Karte mit ihrer ICCID auf; melden Sie sich an, um alle Karten in einer Liste zu sehen.',
      },
      maintenance: {
        title: 'Geplante Wartung',
        content: 'Aufladungen können sich am Sonntag zwischen 02:00 und 03:00 UTC verzögern.',
      },
      expiring: {
        title: 'Ihr Tarif läuft in 2 Tagen ab',
        content: 'Verlängern Sie jetzt, damit Ihre Nummer verbunden bleibt.',
      },
    },
  },
  es: {
    adverts: {
      summer: { title: 'Verano en Europa' },
      europeFrom: { title: 'Europa desde 12,90 $' },
      unlimitedWeek: { title: 'Semana ilimitada' },
      install: { title: 'Añade eSIM Shop a tu pantalla de inicio', btn: 'Cómo instalar' },
      gift: { title: 'Regalo' },
      recall: { title: 'Plan de datos gratis de 30 días para los titulares de SIM afectados', btn: 'Obtener' },
    },
    notices: {
      welcome: {
        title: 'Bienvenido a eSIM Shop',
        content: 'Recarga cualquier tarjeta con su ICCID; inicia sesión para tener todas tus tarjetas en una lista.',
      },
      maintenance: {
        title: 'Mantenimiento programado',
        content: 'Las recargas pueden retrasarse el domingo entre las 02:00 y las 03:00 UTC.',
      },
      expiring: { title: 'Tu plan vence en 2 días', content: 'Renuévalo ahora para que tu número siga conectado.' },
    },
  },
  fr: {
    adverts: {
      summer: { title: 'L’été en Europe' },
      europeFrom: { title: 'Europe dès 12,90 $' },
      unlimitedWeek: { title: 'Semaine illimitée' },
      install: { title: 'Ajoutez eSIM Shop à votre écran d’accueil', btn: 'Comment l’installer' },
      gift: { title: 'Cadeau' },
      recall: {
        title: 'Forfait de données gratuit de 30 jours pour les détenteurs de SIM concernés',
        btn: 'En profiter',
      },
    },
    notices: {
      welcome: {
        title: 'Bienvenue sur eSIM Shop',
        content:
          'Rechargez n’importe quelle carte avec son ICCID ; connectez-vous pour retrouver toutes vos cartes dans une liste.',
      },
      maintenance: {
        title: 'Maintenance prévue',
        content: 'Les recharges peuvent être retardées dimanche entre 02:00 et 03:00 UTC.',
      },
      expiring: {
        title: 'Votre forfait expire dans 2 jours',
        content: 'Renouvelez-le maintenant pour que votre numéro reste connecté.',
      },
    },
  },
  it: {
    adverts: {
      summer: { title: 'Estate in Europa' },
      europeFrom: { title: 'Europa da 12,90 $' },
      unlimitedWeek: { title: 'Settimana illimitata' },
      install: { title: 'Aggiungi eSIM Shop alla schermata Home', btn: 'Come installarlo' },
      gift: { title: 'Regalo' },
      recall: { title: 'Piano dati gratuito di 30 giorni per i titolari di SIM interessati', btn: 'Ottienilo' },
    },
    notices: {
      welcome: {
        title: 'Benvenuto su eSIM Shop',
        content: 'Ricarica qualsiasi scheda con il suo ICCID; accedi per avere tutte le tue schede in un unico elenco.',
      },
      maintenance: {
        title: 'Manutenzione programmata',
        content: 'Le ricariche potrebbero subire ritardi domenica tra le 02:00 e le 03:00 UTC.',
      },
      expiring: {
        title: 'Il tuo piano scade tra 2 giorni',
        content: 'Rinnova ora per mantenere il tuo numero connesso.',
      },
    },
  },
  pt: {
    adverts: {
      summer: { title: 'Verão na Europa' },
      europeFrom: { title: 'Europa a partir de US$ 12,90' },
      unlimitedWeek: { title: 'Semana ilimitada' },
      install: { title: 'Adicione a eSIM Shop à sua tela inicial', btn: 'Como instalar' },
      gift: { title: 'Presente' },
      recall: { title: 'Plano de dados grátis de 30 dias para titulares de SIM afetados', btn: 'Obter' },
    },
    notices: {
      welcome: {
        title: 'Bem-vindo à eSIM Shop',
        content:
          'Recarregue qualquer cartão com o ICCID dele; entre na conta para manter todos os seus cartões em uma lista.',
      },
      maintenance: {
        title: 'Manutenção programada',
        content: 'As recargas podem atrasar no domingo entre 02:00 e 03:00 UTC.',
      },
      expiring: { title: 'Seu plano expira em 2 dias', content: 'Renove agora para manter seu número conectado.' },
    },
  },
  pl: {
    adverts: {
      summer: { title: 'Lato w Europie' },
      europeFrom: { title: 'Europa od 12,90 USD' },
      unlimitedWeek: { title: 'Tydzień bez limitu' },
      install: { title: 'Dodaj eSIM Shop do ekranu głównego', btn: 'Jak zainstalować' },
      gift: { title: 'Prezent' },
      recall: { title: 'Darmowy 30-dniowy pakiet danych dla posiadaczy objętych kart SIM', btn: 'Odbierz' },
    },
    notices: {
      welcome: {
        title: 'Witamy w eSIM Shop',
        content: 'Doładuj dowolną kartę jej numerem ICCID; zaloguj się, aby mieć wszystkie karty na jednej liście.',
      },
      maintenance: {
        title: 'Planowana konserwacja',
        content: 'Doładowania mogą być opóźnione w niedzielę między 02:00 a 03:00 UTC.',
      },
      expiring: { title: 'Twój plan wygasa za 2 dni', content: 'Odnów go teraz, aby Twój numer pozostał połączony.' },
    },
  },
  tr: {
    adverts: {
      summer: { title: 'Avrupa’da yaz' },
      europeFrom: { title: 'Avrupa 12,90 $’dan başlayan fiyatlarla' },
      unlimitedWeek: { title: 'Sınırsız hafta' },
      install: { title: 'eSIM Shop’u ana ekranınıza ekleyin', btn: 'Nasıl yüklenir' },
      gift: { title: 'Hediye' },
      recall: { title: 'Etkilenen SIM sahiplerine 30 günlük ücretsiz veri planı', btn: 'Hemen al' },
    },
    notices: {
      welcome: {
        title: 'eSIM Shop’a hoş geldiniz',
        content: 'Herhangi bir kartı ICCID’siyle yükleyin; tüm kartlarınızı tek listede tutmak için giriş yapın.',
      },
      maintenance: {
        title: 'Planlı bakım',
        content: 'Pazar günü 02:00 ile 03:00 UTC arasında yüklemeler gecikebilir.',
      },
      expiring: {
        title: 'Planınızın süresi 2 gün içinde doluyor',
        content: 'Numaranızın bağlı kalması için şimdi yenileyin.',
      },
    },
  },
  id: {
    adverts: {
      summer: { title: 'Musim panas di Eropa' },
      europeFrom: { title: 'Eropa mulai $12,90' },
      unlimitedWeek: { title: 'Minggu tanpa batas' },
      install: { title: 'Tambahkan eSIM Shop ke layar utama', btn: 'Cara memasang' },
      gift: { title: 'Hadiah' },
      recall: { title: 'Paket data gratis 30 hari untuk pemilik SIM yang terdampak', btn: 'Ambil' },
    },
    notices: {
      welcome: {
        title: 'Selamat datang di eSIM Shop',
        content: 'Isi ulang kartu apa pun dengan ICCID-nya; masuk untuk menyimpan semua kartu Anda dalam satu daftar.',
      },
      maintenance: {
        title: 'Pemeliharaan terjadwal',
        content: 'Isi ulang mungkin tertunda pada hari Minggu antara pukul 02.00 dan 03.00 UTC.',
      },
      expiring: {
        title: 'Paket Anda berakhir dalam 2 hari',
        content: 'Perpanjang sekarang agar nomor Anda tetap terhubung.',
      },
    },
  },
  vi: {
    adverts: {
      summer: { title: 'Mùa hè ở châu Âu' },
      europeFrom: { title: 'Châu Âu chỉ từ 12,90 $' },
      unlimitedWeek: { title: 'Tuần không giới hạn' },
      install: { title: 'Thêm eSIM Shop vào màn hình chính', btn: 'Cách cài đặt' },
      gift: { title: 'Quà tặng' },
      recall: { title: 'Gói dữ liệu 30 ngày miễn phí cho chủ SIM bị ảnh hưởng', btn: 'Nhận ngay' },
    },
    notices: {
      welcome: {
        title: 'Chào mừng đến với eSIM Shop',
        content:
          'Nạp tiền cho bất kỳ thẻ nào bằng ICCID của thẻ; đăng nhập để giữ mọi thẻ của bạn trong một danh sách.',
      },
      maintenance: {
        title: 'Bảo trì theo kế hoạch',
        content: 'Việc nạp tiền có thể bị chậm vào Chủ nhật từ 02:00 đến 03:00 UTC.',
      },
      expiring: {
        title: 'Gói của bạn hết hạn sau 2 ngày',
        content: 'Gia hạn ngay để số của bạn luôn được kết nối.',
      },
    },
  },
  ja: {
    adverts: {
      summer: { title: 'ヨーロッパの夏' },
      europeFrom: { title: 'ヨーロッパ $12.90から' },
      unlimitedWeek: { title: '無制限ウィーク' },
      install: { title: 'eSIM Shopをホーム画面に追加', btn: 'インストール方法' },
      gift: { title: 'ギフト' },
      recall: { title: '対象SIMをお持ちの方に30日間の無料データプラン', btn: '受け取る' },
    },
    notices: {
      welcome: {
        title: 'eSIM Shopへようこそ',
        content: 'ICCIDでどのカードにもチャージできます。ログインすると、すべてのカードを1つのリストで管理できます。',
      },
      maintenance: {
        title: 'メンテナンスのお知らせ',
        content: '日曜日の02:00〜03:00（UTC）はチャージが遅れる場合があります。',
      },
      expiring: {
        title: 'プランの有効期限まであと2日',
        content: '番号を引き続きご利用いただくには、今すぐ更新してください。',
      },
    },
  },
  zh: {
    adverts: {
      summer: { title: '欧洲之夏' },
      europeFrom: { title: '欧洲低至 $12.90' },
      unlimitedWeek: { title: '无限流量周' },
      install: { title: '将 eSIM Shop 添加到主屏幕', btn: '如何安装' },
      gift: { title: '礼物' },
      recall: { title: '受影响的 SIM 卡用户可免费获得 30 天流量套餐', btn: '领取' },
    },
    notices: {
      welcome: {
        title: '欢迎来到 eSIM Shop',
        content: '凭 ICCID 即可为任意卡片充值；登录后可在一个列表中管理所有卡片。',
      },
      maintenance: {
        title: '计划维护',
        content: '周日 02:00 至 03:00（UTC）期间充值可能会延迟。',
      },
      expiring: { title: '您的套餐将在 2 天后到期', content: '立即续订，保持号码畅通。' },
    },
  },
  ko: {
    adverts: {
      summer: { title: '유럽의 여름' },
      europeFrom: { title: '유럽 $12.90부터' },
      unlimitedWeek: { title: '무제한 일주일' },
      install: { title: '홈 화면에 eSIM Shop 추가하기', btn: '설치 방법' },
      gift: { title: '선물' },
      recall: { title: '해당 SIM 사용자를 위한 30일 무료 데이터 요금제', btn: '받기' },
    },
    notices: {
      welcome: {
        title: 'eSIM Shop에 오신 것을 환영합니다',
        content: 'ICCID로 어떤 카드든 충전하세요. 로그인하면 모든 카드를 한 목록에서 볼 수 있습니다.',
      },
      maintenance: {
        title: '정기 점검 안내',
        content: '일요일 02:00~03:00(UTC)에는 충전이 지연될 수 있습니다.',
      },
      expiring: { title: '요금제가 2일 후 만료됩니다', content: '번호 연결을 유지하려면 지금 갱신하세요.' },
    },
  },
  th: {
    adverts: {
      summer: { title: 'ฤดูร้อนในยุโรป' },
      europeFrom: { title: 'ยุโรป เริ่มต้น $12.90' },
      unlimitedWeek: { title: 'สัปดาห์ไม่จำกัด' },
      install: { title: 'เพิ่ม eSIM Shop ไว้ที่หน้าจอหลัก', btn: 'วิธีติดตั้ง' },
      gift: { title: 'ของขวัญ' },
      recall: { title: 'แพ็กเกจดาต้าฟรี 30 วันสำหรับผู้ใช้ซิมที่ได้รับผลกระทบ', btn: 'รับสิทธิ์' },
    },
    notices: {
      welcome: {
        title: 'ยินดีต้อนรับสู่ eSIM Shop',
        content: 'เติมเงินซิมใดก็ได้ด้วย ICCID และเข้าสู่ระบบเพื่อเก็บซิมทั้งหมดไว้ในรายการเดียว',
      },
      maintenance: {
        title: 'ปิดปรับปรุงตามกำหนด',
        content: 'การเติมเงินอาจล่าช้าในวันอาทิตย์ระหว่างเวลา 02:00 ถึง 03:00 UTC',
      },
      expiring: {
        title: 'แพ็กเกจของคุณจะหมดอายุในอีก 2 วัน',
        content: 'ต่ออายุตอนนี้เพื่อให้หมายเลขของคุณเชื่อมต่ออยู่เสมอ',
      },
    },
  },
  ar: {
    adverts: {
      summer: { title: 'صيف في أوروبا' },
      europeFrom: { title: 'أوروبا ابتداءً من 12.90 $' },
      unlimitedWeek: { title: 'أسبوع غير محدود' },
      install: { title: 'أضف eSIM Shop إلى شاشتك الرئيسية', btn: 'طريقة التثبيت' },
      gift: { title: 'هدية' },
      recall: { title: 'باقة بيانات مجانية لمدة 30 يومًا لحاملي الشرائح المتأثرة', btn: 'احصل عليها' },
    },
    notices: {
      welcome: {
        title: 'مرحبًا بك في eSIM Shop',
        content: 'اشحن أي شريحة برقم ICCID الخاص بها؛ سجّل الدخول لتحتفظ بكل شرائحك في قائمة واحدة.',
      },
      maintenance: {
        title: 'صيانة مجدولة',
        content: 'قد تتأخر عمليات الشحن يوم الأحد بين الساعة 02:00 و03:00 بتوقيت UTC.',
      },
      expiring: { title: 'تنتهي خطتك خلال يومين', content: 'جدّدها الآن ليبقى رقمك متصلًا.' },
    },
  },
  he: {
    adverts: {
      summer: { title: 'קיץ באירופה' },
      europeFrom: { title: 'אירופה החל מ-12.90 $' },
      unlimitedWeek: { title: 'שבוע ללא הגבלה' },
      install: { title: 'הוסיפו את eSIM Shop למסך הבית', btn: 'איך מתקינים' },
      gift: { title: 'מתנה' },
      recall: { title: 'חבילת גלישה חינם ל-30 יום למחזיקי SIM שנפגעו', btn: 'לקבלה' },
    },
    notices: {
      welcome: {
        title: 'ברוכים הבאים ל-eSIM Shop',
        content: 'טענו כל כרטיס לפי ה-ICCID שלו; התחברו כדי לשמור את כל הכרטיסים ברשימה אחת.',
      },
      maintenance: {
        title: 'תחזוקה מתוכננת',
        content: 'טעינות עלולות להתעכב ביום ראשון בין 02:00 ל-03:00 UTC.',
      },
      expiring: { title: 'התוכנית שלך מסתיימת בעוד יומיים', content: 'חדשו עכשיו כדי שהמספר יישאר מחובר.' },
    },
  },
};
