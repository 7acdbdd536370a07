// The owner's team, as the owner and the invited person do it: an invitation from the Team page
// (the email through the mail catcher), the invitee choosing a password and joining, selling at
// the counter, and being removed: refused on their next request.
import { expect, test } from '@playwright/test'
import { confirmLinkIn, mailTo } from '../_helpers/mail'
import { browserSession, createOwner, newCredentials, restAs, signedInClient } from '../_helpers/stack'
import { realtimeSockets } from '../_helpers/realtime'
import { controlsPastRightEdge, expectToast, productCard, signIn } from '../_helpers/ui'

test.use({ storageState: { cookies: [], origins: [] } })

test('the owner invites staff by email; they join, sell, and lose access once removed @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('team-owner', { shopName: 'Corner Team Shop', products: [{ name: 'Team Milk', sku: 'TM-1', qty: 9, low_stock_threshold: 2 }] })
  const staff = newCredentials('team-staff')
  await signIn(page, owner, '/settings/team')
  await expect(page.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  await page.getByLabel('Email').fill('not-an-address')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByLabel('Email')).toHaveAccessibleDescription('Invalid email address')
  await page.getByLabel('Email').fill(staff.email)
  // the name the stock history shows, not the address's first part
  const staffName = 'Sam Teamwork'
  await page.getByLabel('Their name').fill('x')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByLabel('Their name')).toHaveAccessibleDescription('Name must be at least 2 characters')
  await page.getByLabel('Their name').fill(staffName)
  await page.getByLabel('Role').selectOption('staff')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, 'Invitation sent', `Invitation sent to ${staff.email}. It is open for 7 days; if the emailed link has run out, invite them again.`, 'success')
  await expect(page.getByLabel('Email')).toHaveValue('')
  await expect(page.getByLabel('Their name')).toHaveValue('')
  const waiting = page.getByRole('region', { name: 'Invitations waiting' })
  await expect(waiting.getByRole('listitem').filter({ hasText: staff.email })).toContainText('Staff')

  // The invitee, on their own phone: the emailed link, a password, then the shop.
  const invitee = await browser.newContext()
  const staffPage = await invitee.newPage()
  await staffPage.goto(await confirmLinkIn(staff.email, 'You have been invited to ShelfSnap'))
  await expect(staffPage).toHaveURL(/\/auth\/update-password\?next=%2Fjoin$/)
  // their first password, in words for it (they never had one to change)
  await expect(staffPage.getByRole('heading', { name: 'Choose your password', level: 1 })).toBeVisible()
  await staffPage.getByLabel('Password', { exact: true }).fill(staff.password)
  await staffPage.getByLabel('Password again').fill(staff.password)
  await staffPage.getByRole('button', { name: 'Set password' }).click()
  await expectToast(staffPage, 'Password set', 'Sign in with it from now on.', 'success')
  await expect(staffPage).toHaveURL('/join')
  await expect(staffPage.getByText('Corner Team Shop invited you as staff.')).toBeVisible()
  await staffPage.getByRole('button', { name: 'Join Corner Team Shop' }).click()
  await expectToast(staffPage, 'You joined Corner Team Shop', '', 'success')
  // Staff start at the counter, not on a page that is not theirs.
  await expect(staffPage).toHaveURL('/app/products')
  await expect(productCard(staffPage, 'Team Milk')).toContainText('Stock: 9')

  // The owner's dashboard is open on their own device, subscribed to the shop's changes.
  const sockets = await realtimeSockets(page.context())
  await page.goto('/dashboard')
  await expect.poll(() => sockets.joined).toBeGreaterThan(0)
  const recent = page.getByRole('list', { name: 'Recent stock movements' }).getByRole('listitem').first()

  const milk = productCard(staffPage, 'Team Milk')
  await milk.getByRole('button', { name: 'Sold 1 Team Milk' }).click()
  await expect(milk).toContainText('Stock: 8')
  await expectToast(staffPage, 'Sold 1 × Team Milk', 'Stock is now 8', 'success')

  // The owner sees the sale and who made it within 2 s, without a reload; then in the product's history.
  await expect(recent).toContainText(`Sold · By hand · ${staffName} ·`, { timeout: 2_000 })
  await recent.getByRole('link', { name: 'Team Milk' }).click()
  await expect(page.getByRole('list', { name: 'Stock movements' }).getByRole('listitem').first()).toContainText(staffName)

  // ...and in /reports, sales per person, then that person's products.
  await page.goto('/reports?range=today')
  const byPerson = page.getByRole('table', { name: 'Sales by person' })
  await expect(byPerson.getByRole('row', { name: new RegExp(staffName) })).toHaveText(new RegExp(`${staffName}\\s*1\\s*1`))
  await page.getByRole('navigation', { name: 'Whose sales' }).getByRole('link', { name: staffName }).click()
  await expect(page.getByRole('table', { name: `Sales by ${staffName}` }).getByRole('row', { name: /Team Milk/ })).toContainText('1')

  await page.goto('/settings/team')
  const members = page.getByRole('region', { name: 'Members' })
  const row = members.getByRole('listitem').filter({ hasText: staff.email })
  await expect(row).toContainText('Staff')
  await expect(row).toContainText(staffName)
  await expect(waiting.getByText('No invitations waiting.')).toBeVisible()
  await row.getByRole('button', { name: 'Remove' }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click()
  await expectToast(page, 'Removed from the team', 'Removed from the team: their next tap or page is refused', 'success')
  await expect(members.getByRole('listitem').filter({ hasText: staff.email })).toHaveCount(0)

  // Their token has not expired, but the database asks for membership on every request.
  const { access_token } = await browserSession(invitee)
  expect((await restAs(access_token, '/products?select=id,name,qty')).json).toEqual([])
  // The catalogue still open on their phone: the next tap says why it changes nothing.
  await milk.getByRole('button', { name: 'Sold 1 Team Milk' }).click()
  await expectToast(staffPage, 'Stock not changed', 'You are no longer a member of this shop', 'error')
  // The page: no shop any more, so none of its products; the way to start their own (or /join), and why.
  await staffPage.goto('/app/products')
  await expect(staffPage).toHaveURL('/')
  await expect(staffPage.getByRole('dialog', { name: 'Create Your Shop' })).toContainText('You are no longer a member of the shop you worked in')
  await expect(staffPage.getByText('Team Milk')).toHaveCount(0)
  await invitee.close()
})

test('someone who already has an account is emailed a link to /join, and signing in takes them there @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('team-owner2', { shopName: 'Second Team Shop' })
  const partner = await createOwner('team-partner', { shopName: null })
  await signIn(page, owner, '/settings/team')
  await page.getByLabel('Email').fill(partner.email)
  await page.getByLabel('Role').selectOption('manager')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, 'Invitation sent', `Invitation sent to ${partner.email}. It works for 7 days.`, 'success')
  const joinLink = async () => {
    const [email] = (await mailTo(partner.email)).filter((message) => message.Subject === 'Join Second Team Shop on ShelfSnap')
    return email ? /href="([^"]+)"/.exec(email.HTML)?.[1] : undefined
  }
  await expect.poll(joinLink).toMatch(/\/join$/)

  const context = await browser.newContext()
  const partnerPage = await context.newPage()
  await signIn(partnerPage, partner, '/')
  await expect(partnerPage).toHaveURL('/join')
  await expect(partnerPage.getByText('Second Team Shop invited you as a manager.')).toBeVisible()
  await partnerPage.getByRole('button', { name: 'Join Second Team Shop' }).click()
  await expect(partnerPage).toHaveURL('/dashboard')
  await expect(partnerPage.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible()

  // Invited to a second shop as staff: joining works in that shop at once, at its counter.
  const third = await createOwner('team-owner3', { shopName: 'Third Team Shop', products: [{ name: 'Third Tea', sku: 'T3', qty: 4, low_stock_threshold: 1 }] })
  await (await signedInClient(third)).rpc('invite_member', { p_email: partner.email, p_role: 'staff' }).throwOnError()
  await partnerPage.goto('/join')
  await partnerPage.getByRole('button', { name: 'Join Third Team Shop' }).click()
  await expect(partnerPage).toHaveURL('/app/products')
  await expect(productCard(partnerPage, 'Third Tea')).toContainText('Stock: 4')
  await expect(partnerPage.getByLabel('Shop', { exact: true }).locator('option:checked')).toHaveText('Third Team Shop (Staff)')
  await context.close()
})

test('the owner withdraws a waiting invitation on the Team page: it leaves the list, and the invitee can no longer join with it @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('team-withdraw', { shopName: 'Withdrawn Team Shop' })
  // a long address: the list still fits a phone's screen
  const invitee = await createOwner('team-withdrawn-invitation', { shopName: null })
  await signIn(page, owner, '/settings/team')
  await page.getByLabel('Email').fill(invitee.email)
  await page.getByLabel('Role').selectOption('manager')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expectToast(page, 'Invitation sent', `Invitation sent to ${invitee.email}. It works for 7 days.`, 'success')
  const waiting = page.getByRole('region', { name: 'Invitations waiting' })
  const invitation = waiting.getByRole('listitem').filter({ hasText: invitee.email })
  await expect(invitation).toContainText('Manager · link works until')
  expect(await controlsPastRightEdge(page)).toEqual([])

  // The invitee has /join open with the invitation on it before it is withdrawn.
  const context = await browser.newContext()
  const inviteePage = await context.newPage()
  await signIn(inviteePage, invitee, '/join')
  await expect(inviteePage.getByText('Withdrawn Team Shop invited you as a manager.')).toBeVisible()

  await invitation.getByRole('button', { name: `Withdraw the invitation to ${invitee.email}` }).click()
  await expectToast(page, `Invitation to ${invitee.email} withdrawn`, 'Invitation withdrawn: its link no longer works', 'success')
  await expect(invitation).toHaveCount(0)
  await expect(waiting.getByText('No invitations waiting.')).toBeVisible()
  await page.reload()
  await expect(waiting.getByText('No invitations waiting.')).toBeVisible()

  // Joining from the page opened before is refused; read again, /join has nothing for them.
  await inviteePage.getByRole('button', { name: 'Join Withdrawn Team Shop' }).click()
  await expectToast(inviteePage, 'Could not join Withdrawn Team Shop', 'This invitation was withdrawn. Ask the owner for a new one.', 'error')
  await expect(inviteePage).toHaveURL('/join')
  await inviteePage.reload()
  await expect(inviteePage.getByText(/^No invitation is waiting for this address/)).toBeVisible()
  await expect(inviteePage.getByRole('button', { name: 'Join Withdrawn Team Shop' })).toHaveCount(0)
  await context.close()

  // Not in the team either.
  await expect(page.getByRole('region', { name: 'Members' }).getByRole('listitem')).toHaveCount(1)
})

test('the owner hands the shop over to a manager on the Team page: the new owner runs the team, the old one is a manager @any-viewport', async ({ page, browser }) => {
  const owner = await createOwner('team-handover', { shopName: 'Handed Over Shop' })
  const heir = await createOwner('team-heir', { shopName: null })
  const { data: inviteId } = await (await signedInClient(owner)).rpc('invite_member', { p_email: heir.email, p_role: 'manager' }).throwOnError()
  await (await signedInClient(heir)).rpc('accept_invite', { p_id: inviteId }).throwOnError()

  await signIn(page, owner, '/settings/team')
  const members = page.getByRole('region', { name: 'Members' })
  const heirRow = members.getByRole('listitem').filter({ hasText: heir.email })
  await expect(heirRow.getByRole('combobox', { name: `Role of ${heir.email}` })).toHaveValue('manager')
  await heirRow.getByRole('button', { name: 'Make owner' }).click()
  const dialog = page.getByRole('dialog', { name: `Hand the shop over to ${heir.email}?` })
  await expect(dialog).toContainText('You stay on as a manager. Only they can hand it back.')
  await dialog.getByRole('button', { name: 'Hand over' }).click()
  await expectToast(page, 'Shop handed over', 'The shop is handed over: you stay on as a manager', 'success')
  // The Team page is the owner's alone: the old owner is refused it now.
  await expect(page.getByRole('main').getByRole('status')).toHaveText("Only the shop's owner manages its team")
  await expect(page.getByRole('button', { name: 'Send invitation' })).toHaveCount(0)
  // Settings: a manager's (the shop's name and the like), without the team, the reports' delivery or deleting the shop.
  await page.goto('/settings')
  await expect(page.getByRole('heading', { name: 'Shop', exact: true })).toBeVisible()
  await expect(page.getByRole('link', { name: 'Manage the team' })).toHaveCount(0)
  await expect(page.getByRole('heading', { name: 'Delete shop' })).toHaveCount(0)

  // The new owner, on their own phone: the team is theirs, the old owner a manager in it.
  const context = await browser.newContext()
  const heirPage = await context.newPage()
  await signIn(heirPage, heir, '/settings/team')
  await expect(heirPage.getByRole('heading', { name: 'Team', level: 1 })).toBeVisible()
  const team = heirPage.getByRole('region', { name: 'Members' })
  const own = team.getByRole('listitem').filter({ hasText: '(you)' })
  await expect(own).toContainText(heir.email)
  await expect(own).toContainText('Owner')
  await expect(own.getByRole('button', { name: 'Make owner' })).toHaveCount(0)
  const former = team.getByRole('listitem').filter({ hasText: owner.email })
  await expect(former.getByRole('combobox', { name: `Role of ${owner.email}` })).toHaveValue('manager')
  await expect(former.getByRole('button', { name: 'Make owner' })).toBeVisible()
  await expect(heirPage.getByRole('button', { name: 'Send invitation' })).toBeVisible()
  await heirPage.goto('/settings')
  await expect(heirPage.getByRole('heading', { name: 'Delete shop' })).toBeVisible()
  await context.close()
})
