import { readFileSync } from 'node:fs';
import { ReplyMemory, writeReply } from '../../server/generation/reply-writer';
const posts = JSON.parse(readFileSync('tests/fixtures/posts/posts.json', 'utf8'));
const projects = JSON.parse(readFileSync('tests/fixtures/posts/projects.json', 'utf8'));
const batch = new ReplyMemory();
for (const post of posts) console.log(post.id, '::', writeReply({ post, project: projects[post.project], prompt: '', batch }), '\n');
