import type { LocalizedContent } from './types.ts';

/** Seeded member-centre FAQ (`/user/faq`); operators edit it in the back office. Each `<h3>` is a question. */
export const memberFaqContent: LocalizedContent = {
  'zh-cn': {
    title: '常见问题',
    content: `<h3>购买后在哪里下载素材或观看课程？</h3>
<p>登录后进入会员中心的"我的购买"，即可随时下载素材包中的文件或继续观看课程。下载链接为短时有效的安全链接，过期后重新点击即可。</p>
<h3>余额可以做什么？可以提现吗？</h3>
<p>余额可用于购买素材、课程与 VIP 会员，支付时选择"余额支付"即可。充值余额仅限站内消费，不支持提现，详见《充值协议》。</p>
<h3>积分如何获得？</h3>
<p>每日签到和邀请好友注册均可获得积分（每项的积分数由站点设置决定），连续签到会显示当前的连续天数。积分明细可在"积分记录"中查看。</p>
<h3>VIP 会员到期后会怎样？</h3>
<p>到期后将无法继续免费获取会员专享内容，已单独购买的内容不受影响。续费会从当前到期日起顺延。</p>
<h3>忘记密码怎么办？</h3>
<p>在登录页点击"忘记密码"，通过已绑定的邮箱或手机号接收验证码即可重设密码。修改密码后，所有设备上的登录都会失效，需要重新登录。</p>
<h3>如何更换绑定的邮箱或手机号？</h3>
<p>进入"账户安全"，先验证当前绑定的邮箱或手机号，再输入新的邮箱或手机号并完成验证码校验即可。</p>`,
  },
  en: {
    title: 'FAQ',
    content: `<h3>Where do I download material or watch a course after buying it?</h3>
<p>Log in and open "My purchases" in the member centre to download the files of a pack or continue a course at any time. Download links are short-lived secure links; click again when one has expired.</p>
<h3>What can I use my balance for? Can I withdraw it?</h3>
<p>Your balance pays for material, courses and VIP membership: choose "Balance" at checkout. Topped-up balance can only be spent on this site and cannot be withdrawn; see the top-up agreement.</p>
<h3>How do I earn points?</h3>
<p>Daily check-in and inviting friends earn points (how many is set by the shop); the check-in page shows your current streak. Every change is listed in the points log.</p>
<h3>What happens when my VIP membership expires?</h3>
<p>You can no longer get member-only content for free; what you bought separately stays yours. Renewing extends your membership from the current expiry date.</p>
<h3>I forgot my password. What now?</h3>
<p>Click "Forgot password" on the login page and reset it with a code sent to your bound e-mail address or mobile number. After a password change every device is logged out and you log in again.</p>
<h3>How do I change my bound e-mail address or mobile number?</h3>
<p>Open "Account security", verify the address or number bound now, then enter the new one and confirm it with its code.</p>`,
  },
};
