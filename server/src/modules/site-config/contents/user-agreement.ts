import type { LocalizedContent } from './types.ts';

/** Seeded user agreement; operators edit it in the back office. */
export const userAgreementContent: LocalizedContent = {
  'zh-cn': {
    title: '用户协议',
    content: `<h2>Framecraft 用户协议</h2>
<p>欢迎使用 Framecraft（以下简称"本平台"）。本协议是您与本平台运营方之间就注册、登录及使用本平台服务所订立的协议。请您在注册前仔细阅读本协议全部条款，特别是以<strong>加粗</strong>方式提示的免除或限制责任条款。您点击同意、完成注册或实际使用本平台服务，即视为您已阅读并同意本协议。</p>
<h3>一、账户注册与使用</h3>
<p>1. 您应使用真实、合法、有效的信息注册账户，并按页面要求完成邮箱或手机号验证。账户名须为 3 至 15 个字符，以字母开头，仅包含字母、数字和下划线。</p>
<p>2. 您应妥善保管账户名与密码，<strong>因您保管不善导致的账户被盗、内容或余额损失，由您自行承担</strong>。如发现账户异常，请立即修改密码并联系客服。</p>
<p>3. 账户仅限您本人使用，不得出借、转让、出售或与他人共享。为保障账户安全，连续多次登录失败后需完成点选验证，来自同一来源的反复失败尝试将被暂时阻止。</p>
<h3>二、数字内容的授权范围</h3>
<p>1. 本平台销售的短剧素材、影视素材、调色预设、工程文件及特效课程等数字内容，其著作权归原作者或本平台所有。您购买或通过会员权益获取内容后，获得的是<strong>非独占、不可转让</strong>的使用许可，而非内容的所有权。</p>
<p>2. 除详情页另有说明外，素材可用于您本人或所在团队制作的商业或非商业视频作品中；<strong>不得</strong>将素材单独或打包转售、分享、上传至其他素材平台或网盘公开传播，不得将课程视频录屏、转载或用于二次售卖。</p>
<p>3. 免费试看的课时仅供您了解课程内容，不构成任何授权。</p>
<h3>三、用户行为规范</h3>
<p>您在使用本平台时不得从事以下行为：利用技术手段批量下载、抓取平台内容；绕过或破解下载链接、播放器及其他保护措施；发布违法、侵权、虚假或骚扰性信息；以虚假邀请、刷单等方式获取积分、佣金或优惠；其他违反法律法规或损害本平台及他人合法权益的行为。</p>
<h3>四、会员、积分与邀请</h3>
<p>VIP 会员权益以购买时页面公示的等级说明为准，会员有效期自开通之日起计算，续费时自当前到期日顺延。积分与邀请奖励仅可在本平台内按规则使用，不可兑换现金。对于以作弊方式获得的权益，本平台有权予以收回。</p>
<h3>五、服务变更、中断与终止</h3>
<p>本平台可能因系统维护、升级或不可抗力暂停部分服务，我们将尽可能提前公告。若您严重违反本协议，本平台有权在通知后限制或终止您的账户使用；已合法购买的内容在账户正常期间持续可用。</p>
<h3>六、责任限制</h3>
<p><strong>本平台对素材在您具体作品中的适用效果不作保证。</strong>因您违反授权范围使用内容而引起的第三方索赔，由您自行承担责任。</p>
<h3>七、协议修改与争议解决</h3>
<p>本平台可根据业务调整修改本协议，修改后的协议将在站内公布并于公布之日起生效；您继续使用服务即视为接受修改后的协议。因本协议产生的争议，双方应友好协商解决；协商不成的，提交本平台运营方所在地有管辖权的人民法院诉讼解决。</p>`,
  },
  en: {
    title: 'User Agreement',
    content: `<h2>Framecraft User Agreement</h2>
<p>Welcome to Framecraft (the "Platform"). This agreement is between you and the operator of the Platform and governs registering, logging in and using the Platform's services. Please read all of it before you register, especially the clauses in <strong>bold</strong> that exclude or limit liability. By agreeing, completing registration or using the services, you confirm that you have read and accept this agreement.</p>
<h3>1. Registering and using an account</h3>
<p>1. Register with true, lawful and valid information and complete the e-mail or mobile verification the page asks for. An account name is 3 to 15 characters long, starts with a letter and contains only letters, digits and underscores.</p>
<p>2. Keep your account name and password safe. <strong>You bear any loss of content or balance caused by a stolen account that results from your own lack of care.</strong> If you notice unusual activity, change your password at once and contact customer service.</p>
<p>3. Your account is for your personal use only; you may not lend, transfer, sell or share it. To protect accounts, repeated failed logins make the login ask for a click captcha, and a source that keeps failing is stopped for a while.</p>
<h3>2. Licence to digital content</h3>
<p>1. The copyright in the short-drama material, film material, colour presets, project files, visual-effects courses and other digital content sold on the Platform belongs to the original authors or to the Platform. When you buy content or receive it through membership, you obtain a <strong>non-exclusive, non-transferable</strong> licence to use it, not ownership of the content.</p>
<p>2. Unless the detail page says otherwise, you may use material in commercial or non-commercial videos produced by you or your team. You may <strong>not</strong> resell or share material on its own or in bundles, upload it to other material sites or public cloud drives, or record, repost or resell course videos.</p>
<p>3. Free preview lessons only let you get to know a course; they grant no licence.</p>
<h3>3. Conduct</h3>
<p>While using the Platform you must not: download or scrape content in bulk by technical means; bypass or break download links, the player or other protection; publish unlawful, infringing, false or harassing information; obtain points, commission or discounts through fake invitations or fake orders; or do anything else that breaks the law or harms the lawful rights of the Platform or others.</p>
<h3>4. Membership, points and invitations</h3>
<p>VIP benefits are those described for your level on the page at the time of purchase. Membership starts on the day it is activated; a renewal extends it from the current expiry date. Points and invitation rewards can only be used on the Platform under its rules and cannot be exchanged for cash. The Platform may withdraw benefits obtained by cheating.</p>
<h3>5. Changes, interruptions and termination</h3>
<p>The Platform may suspend parts of the service for maintenance, upgrades or force majeure and will announce this in advance whenever possible. If you seriously breach this agreement, the Platform may, after notice, restrict or terminate your account. Content you bought lawfully remains available while your account is in good standing.</p>
<h3>6. Limitation of liability</h3>
<p><strong>The Platform does not guarantee how well any material suits your particular work.</strong> You are responsible for third-party claims arising from your use of content beyond the licence.</p>
<h3>7. Changes to this agreement and disputes</h3>
<p>The Platform may amend this agreement as its business changes. The amended agreement is published on the site and takes effect on the day of publication; continuing to use the services means you accept it. Disputes arising from this agreement shall first be settled through friendly negotiation; failing that, they shall be brought before the competent people's court where the operator of the Platform is located.</p>`,
  },
};
