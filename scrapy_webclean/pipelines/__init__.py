"""Scrapy pipelines of scrapy-webclean."""
