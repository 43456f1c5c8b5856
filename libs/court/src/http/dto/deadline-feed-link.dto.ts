/** A private calendar address as listed, and as made (its URL shown this once): as its declaration presents them. */
export { CreatedDeadlineFeedLinkView, DeadlineFeedLinkView } from '../../resources/deadline-feed-link.record';
