import type { LocalizedContent } from './types.ts';

/** Seeded privacy policy; operators edit it in the back office. */
export const privacyPolicyContent: LocalizedContent = {
  'zh-cn': {
    title: '隐私政策',
    content: `<h2>Framecraft 隐私政策</h2>
<p>Framecraft 深知个人信息对您的重要性。本政策说明我们在您使用本平台时如何收集、使用、存储、共享和保护您的个人信息，以及您享有的权利。</p>
<h3>一、我们收集的信息</h3>
<ul>
<li><strong>注册与登录信息</strong>：账户名、密码（仅保存不可逆的加密摘要）、邮箱或手机号，以及您选择填写的昵称、头像、性别、生日和个性签名。</li>
<li><strong>交易信息</strong>：订单、充值、会员购买记录，支付方式与支付状态。我们不会收集或保存您的银行卡号及支付密码，支付信息由支付机构处理。</li>
<li><strong>使用信息</strong>：浏览记录、收藏、购买与下载记录、课程观看进度，用于为您展示"浏览历史""我的购买"等功能。</li>
<li><strong>设备与日志信息</strong>：IP 地址、浏览器类型、访问时间与请求记录，用于保障账户与系统安全、排查故障和防范欺诈。</li>
</ul>
<h3>二、我们如何使用信息</h3>
<p>我们仅在以下目的范围内使用您的信息：提供注册登录、购买、下载与观看等核心服务；发送验证码、订单与会员到期通知；计算邀请奖励、积分与会员折扣；保障账户安全，识别异常登录与违规行为；在去标识化后进行统计分析以改进产品。</p>
<h3>三、Cookie 与本地存储</h3>
<p>我们使用浏览器本地存储保存您的登录状态、语言与主题偏好等设置。您可以在浏览器中清除这些数据，但清除后需要重新登录。</p>
<h3>四、信息的共享与披露</h3>
<p>我们不会出售您的个人信息。仅在以下情形下共享必要信息：与支付机构共享订单金额与订单号以完成支付；与短信、邮件服务商共享手机号或邮箱以发送验证码与通知；依据法律法规或有权机关的要求进行披露。</p>
<h3>五、信息的存储与保护</h3>
<p>您的信息存储于中华人民共和国境内。我们采用传输加密、访问权限控制、令牌哈希存储等措施保护数据安全，并仅在实现目的所必需的期限内保存您的信息；账户注销后，我们将在法律规定的期限届满后删除或匿名化处理您的信息。</p>
<h3>六、您的权利</h3>
<p>您可以在会员中心查询和更正个人资料、修改密码、更换绑定的邮箱或手机号；您可以联系客服申请导出或删除个人信息、注销账户。我们将在验证您的身份后十五个工作日内答复。</p>
<h3>七、未成年人保护</h3>
<p>若您未满十八周岁，请在监护人的陪同和同意下使用本平台，并由监护人决定是否进行充值与购买。</p>
<h3>八、政策更新与联系方式</h3>
<p>本政策可能适时更新，更新后的版本将在站内公布。如您对本政策有任何疑问，请通过站内客服与我们联系。</p>`,
  },
  en: {
    title: 'Privacy Policy',
    content: `<h2>Framecraft Privacy Policy</h2>
<p>Framecraft understands how much your personal information matters to you. This policy explains how we collect, use, store, share and protect your personal information when you use the Platform, and which rights you have.</p>
<h3>1. Information we collect</h3>
<ul>
<li><strong>Registration and login</strong>: account name, password (only a one-way encrypted digest is kept), e-mail address or mobile number, and the nickname, avatar, gender, birthday and motto you choose to give.</li>
<li><strong>Transactions</strong>: orders, top-ups and membership purchases, payment method and payment status. We never collect or keep your card number or payment password; payment details are handled by the payment providers.</li>
<li><strong>Usage</strong>: browsing history, collections, purchases and downloads, and course progress, used for features such as "Browsing history" and "My purchases".</li>
<li><strong>Device and log data</strong>: IP address, browser type, access times and request records, used to keep accounts and systems secure, find faults and prevent fraud.</li>
</ul>
<h3>2. How we use information</h3>
<p>We use your information only to: provide registration, login, purchase, download and viewing; send verification codes and notices about orders and membership expiry; calculate invitation rewards, points and member discounts; protect your account and detect unusual logins and abuse; and, after de-identification, produce statistics that help us improve the product.</p>
<h3>3. Cookies and local storage</h3>
<p>We use your browser's local storage to keep your login state and your language and theme preferences. You can clear this data in your browser, after which you will need to log in again.</p>
<h3>4. Sharing and disclosure</h3>
<p>We do not sell your personal information. We share only what is necessary: the order number and amount with the payment provider to complete a payment; your mobile number or e-mail address with SMS and e-mail providers to send codes and notices; and information that laws, regulations or competent authorities require us to disclose.</p>
<h3>5. Storage and protection</h3>
<p>Your information is stored within the People's Republic of China. We protect it with encrypted transport, access control and hashed session tokens, and keep it only as long as needed for these purposes. After you close your account, we delete or anonymise your information once the period required by law has passed.</p>
<h3>6. Your rights</h3>
<p>In the member centre you can view and correct your profile, change your password and change the e-mail address or mobile number bound to your account. You can ask customer service to export or delete your personal information or to close your account; we reply within fifteen working days after verifying your identity.</p>
<h3>7. Minors</h3>
<p>If you are under eighteen, use the Platform with the company and consent of your guardian, who decides whether to top up or buy.</p>
<h3>8. Updates and contact</h3>
<p>This policy may be updated from time to time; the updated version is published on the site. If you have any question about it, contact us through the on-site customer service.</p>`,
  },
};
