// Async boundary: the federation runtime negotiates shared singletons before any of them is imported.
import('./bootstrap');
