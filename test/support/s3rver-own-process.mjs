// s3rver in a process of its own, started by startS3Server({ ownProcess: true }) with OpenSSL's legacy
// provider: s3rver seals ListObjectsV2 continuation tokens with DES, which OpenSSL 3 (Node 17 on) keeps
// there, so in the test process any listing longer than one page fails with InternalError.
// Argument: s3rver's options as JSON. Prints {"port":…} once it answers; stops when stdin closes.
import S3rver from "s3rver";

const server = new S3rver(JSON.parse(process.argv[2]));
const { port } = await server.run();
process.stdout.write(`${JSON.stringify({ port })}\n`);
process.stdin.on("end", () => void server.close().then(() => process.exit(0)));
process.stdin.resume();
